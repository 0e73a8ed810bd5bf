import { describe, expect, it } from 'vitest';
import { porterStem } from './porter-stemmer.js';

/*
 * Expected stems were produced by NLTK 3.8's `PorterStemmer()` (default mode
 * NLTK_EXTENSIONS, Debian's python3-nltk): `PorterStemmer().stem(word)` for
 * each word below. The words are the examples of Porter's 1980 paper, step by
 * step, plus NLTK's irregular forms and its own rule changes. The stemmer was
 * also compared with NLTK on 108,705 distinct words (licence texts, Debian
 * package documentation) with no difference.
 */
const NLTK_STEMS = `caresses:caress ponies:poni ties:tie caress:caress cats:cat feed:feed
agreed:agre plastered:plaster bled:bled motoring:motor sing:sing conflated:conflat
troubled:troubl sized:size hopping:hop tanned:tan falling:fall hissing:hiss fizzed:fizz
failing:fail filing:file happy:happi sky:sky relational:relat conditional:condit
rational:ration valenci:valenc hesitanci:hesit digitizer:digit conformabli:conform
radicalli:radic differentli:differ vileli:vile analogousli:analog vietnamization:vietnam
predication:predic operator:oper feudalism:feudal decisiveness:decis hopefulness:hope
callousness:callous formaliti:formal sensitiviti:sensit sensibiliti:sensibl
triplicate:triplic formative:form formalize:formal electriciti:electr electrical:electr
hopeful:hope goodness:good revival:reviv allowance:allow inference:infer airliner:airlin
gyroscopic:gyroscop adjustable:adjust defensible:defens irritant:irrit
replacement:replac adjustment:adjust dependent:depend adoption:adopt homologou:homolog
communism:commun activate:activ angulariti:angular homologous:homolog effective:effect
bowdlerize:bowdler probate:probat rate:rate cease:ceas controll:control roll:roll
generously:gener dying:die lying:lie tying:tie skies:sky news:news innings:inning
outings:outing cannings:canning howe:howe proceed:proceed exceed:exceed succeed:succeed
dies:die cried:cri spied:spi enjoy:enjoy fly:fli geology:geolog theology:theolog
archaeology:archaeolog fulli:fulli hopefulli:hope quickly:quickli running:run
weather:weather sunny:sunni temperature:temperatur`
  .split(/\s+/)
  .map((pair) => pair.split(':') as [string, string]);

describe('porterStem', () => {
  it.each(NLTK_STEMS)('stems %s to %s as NLTK does', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it('lowercases and leaves words of one or two letters alone', () => {
    expect(porterStem('Running')).toBe('run');
    expect(porterStem('is')).toBe('is');
    expect(porterStem('AS')).toBe('as');
  });
});
