import type { InvocationContext } from '../../context/invocation-context.js';
import { ServiceNotConfiguredError } from '../../errors/service-not-configured-error.js';
import { createEvent, type Event } from '../../events/event.js';
import { createEventActions } from '../../events/event-actions.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { appendInstructions, type LlmRequest } from '../../models/llm-request.js';
import type { Content } from '../../types/index.js';
import { nowSeconds } from '../../utils/clock.js';
import { deepClone } from '../../utils/deep-clone.js';
import { logger } from '../../utils/logger.js';
import type { BaseCodeExecutor } from '../../code-executors/base-code-executor.js';
import { BuiltInCodeExecutor } from '../../code-executors/built-in-code-executor.js';
import {
  buildCodeExecutionResultPart,
  buildExecutableCodePart,
  convertCodeExecutionParts,
  extractCodeAndTruncateContent,
  getContentAsBytes,
  getEncodedFileContent,
  type CodeExecutorResult,
  type Delimiters,
  type File,
} from '../../code-executors/code-execution-utils.js';
import { CodeExecutorContext } from '../../code-executors/code-executor-context.js';
import type { LlmAgentContract } from '../llm-agent-contract.js';
import type { LlmRequestProcessor, LlmResponseProcessor } from '../llm-processor.js';
import { setOwn } from '../../utils/get-own.js';
import { pythonRepr } from '../../utils/python-repr.js';

/** How a supported data file is named and loaded (Python `DataFileUtil`). */
interface DataFileUtil {
  readonly extension: string;
  /** Python source loading the file; `{filename}` is replaced by the name's Python repr. */
  readonly loaderCodeTemplate: string;
}

const DATA_FILE_UTIL_MAP: Readonly<Record<string, DataFileUtil>> = {
  'text/csv': { extension: '.csv', loaderCodeTemplate: 'pd.read_csv({filename})' },
};

/**
 * What a non-built-in executor tells the model about the code fence (Python
 * `_NON_BUILTIN_EXECUTOR_INSTRUCTION`), with the executor's first delimiter
 * pair in place of `{code_fence_start}` and `{code_fence_end}`.
 */
export const NON_BUILTIN_EXECUTOR_INSTRUCTION = `# CRITICAL: Code execution format

You have access to an external Python sandbox managed by the host
application. To run Python code, output it inside a fenced markdown
block exactly like this:

{code_fence_start}print("hello")
{code_fence_end}

DO NOT emit native executable_code parts.
DO NOT attempt to call a code_execution tool — no such tool is
registered for this request and the API will reject the response with
UNEXPECTED_TOOL_CALL or MALFORMED_FUNCTION_CALL.

Always wrap Python code in the markdown fence shown above.
`;

/** The pandas helpers run before exploring a data file (Python `_DATA_FILE_HELPER_LIB`). */
export const DATA_FILE_HELPER_LIB = `
import pandas as pd

def crop(s: str, max_chars: int = 64) -> str:
  """Crops a string to max_chars characters."""
  if len(s) <= max_chars:
    return s
  if max_chars >= 3:
    return s[:max_chars - 3] + '...'
  return s[:max_chars]

def explore_df(df: pd.DataFrame) -> None:
  """Prints some information about a pandas DataFrame."""

  with pd.option_context(
      'display.max_columns', None, 'display.expand_frame_repr', False
  ):
    # Print the column names to never encounter KeyError when selecting one.
    df_dtypes = df.dtypes

    # Obtain information about data types and missing values.
    df_nulls = (len(df) - df.isnull().sum()).apply(
        lambda x: f'{x} / {df.shape[0]} non-null'
    )

    # Explore unique total values in columns using \`.unique()\`.
    df_unique_count = df.apply(lambda x: len(x.unique()))

    # Explore unique values in columns using \`.unique()\`.
    df_unique = df.apply(lambda x: crop(str(list(x.unique()))))

    df_info = pd.concat(
        (
            df_dtypes.rename('Dtype'),
            df_nulls.rename('Non-Null Count'),
            df_unique_count.rename('Unique Values Count'),
            df_unique.rename('Unique Values'),
        ),
        axis=1,
    )
    df_info.index.name = 'Columns'
    print(f"""Total rows: {df.shape[0]}
Total columns: {df.shape[1]}

{df_info}""")
`;

/**
 * Code execution, request side (spec 003 §16, Python
 * `_CodeExecutionRequestProcessor`): a BuiltInCodeExecutor adds the model's
 * code-execution tool; an executor that optimises data files tells the model
 * the code fence, replaces CSV parts of the user's messages with their names
 * and explores each new file (yielding the code and result events); then
 * every content's trailing code and result parts become fenced text.
 */
export const codeExecutionRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, request, agent) {
    if (!agent.codeExecutor) return;
    const executor = agent.codeExecutor;
    yield* runPreProcessor(context, request, agent, executor);
    const codeBlockDelimiter: Delimiters = executor.codeBlockDelimiters[0] ?? ['', ''];
    request.contents = request.contents.map((content) =>
      convertCodeExecutionParts(content, codeBlockDelimiter, executor.executionResultDelimiters),
    );
  },
};

/**
 * Code execution, response side (spec 003 §16, Python
 * `_CodeExecutionResponseProcessor`). With a BuiltInCodeExecutor, generated
 * images are saved as artifacts and an event carries their versions. With
 * another executor, the first code block of a complete response is run: the
 * truncated response is yielded, then the result, and the response is
 * cleared so the loop calls the model again — until the invocation has
 * failed `errorRetryAttempts` times in a row.
 */
export const codeExecutionResponseProcessor: LlmResponseProcessor = {
  async *runAsync(context, response, agent) {
    if (!agent.codeExecutor || response.partial) return;
    yield* runPostProcessor(context, response, agent);
  },
};

async function* runPreProcessor(
  context: InvocationContext,
  request: LlmRequest,
  agent: LlmAgentContract,
  executor: BaseCodeExecutor,
): AsyncGenerator<Event, void, undefined> {
  if (executor instanceof BuiltInCodeExecutor) {
    executor.processLlmRequest(request);
    return;
  }
  if (!executor.optimizeDataFile) return;

  const [fenceStart, fenceEnd] = executor.codeBlockDelimiters[0] ?? ['```tool_code\n', '\n```'];
  appendInstructions(request, [
    NON_BUILTIN_EXECUTOR_INSTRUCTION.replace('{code_fence_start}', fenceStart).replace(
      '{code_fence_end}',
      fenceEnd,
    ),
  ]);

  const executorContext = new CodeExecutorContext(context.session.state);
  if (executorContext.getErrorCount(context.invocationId) >= executor.errorRetryAttempts) return;

  const allInputFiles = extractAndReplaceInlineFiles(executorContext, request);
  const processedFileNames = new Set(executorContext.getProcessedFileNames());
  const filesToProcess = allInputFiles.filter((file) => !processedFileNames.has(file.name));
  for (const file of filesToProcess) {
    const code = getDataFilePreprocessingCode(file);
    if (!code) return;

    const codeContent: Content = {
      role: 'model',
      parts: [{ text: `Processing input file: \`${file.name}\`` }, buildExecutableCodePart(code)],
    };
    request.contents.push(deepClone(codeContent));
    yield createEvent({
      invocationId: context.invocationId,
      author: agent.name,
      ...(context.branch === undefined ? {} : { branch: context.branch }),
      content: codeContent,
    });

    const result = await executor.executeCode({
      invocationContext: context,
      codeExecutionInput: {
        code,
        inputFiles: [file],
        executionId: getOrSetExecutionId(context, executor, executorContext),
      },
    });
    logger.debug(`Executed code:\n\`\`\`\n${code}\n\`\`\``);
    executorContext.updateCodeExecutionResult(
      context.invocationId,
      code,
      result.stdout,
      result.stderr,
    );
    executorContext.addProcessedFileNames([file.name]);

    const resultEvent = await postProcessCodeExecutionResult(context, executorContext, result);
    yield resultEvent;
    request.contents.push(deepClone(resultEvent.content!));
  }
}

async function* runPostProcessor(
  context: InvocationContext,
  response: LlmResponse,
  agent: LlmAgentContract,
): AsyncGenerator<Event, void, undefined> {
  if (!agent.codeExecutor) return;
  const executor = agent.codeExecutor;
  if (!response.content) return;

  if (executor instanceof BuiltInCodeExecutor) {
    yield await saveGeneratedImages(context, agent, response.content);
    return;
  }

  const executorContext = new CodeExecutorContext(context.session.state);
  if (executorContext.getErrorCount(context.invocationId) >= executor.errorRetryAttempts) return;

  const responseContent = response.content;
  const code = extractCodeAndTruncateContent(responseContent, executor.codeBlockDelimiters);
  if (!code) return;

  yield createEvent({
    invocationId: context.invocationId,
    author: agent.name,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
    content: responseContent,
  });

  const result = await executor.executeCode({
    invocationContext: context,
    codeExecutionInput: {
      code,
      inputFiles: executorContext.getInputFiles(),
      executionId: getOrSetExecutionId(context, executor, executorContext),
    },
  });
  logger.debug(`Executed code:\n\`\`\`\n${code}\n\`\`\``);
  executorContext.updateCodeExecutionResult(
    context.invocationId,
    code,
    result.stdout,
    result.stderr,
  );
  yield await postProcessCodeExecutionResult(context, executorContext, result);

  // Without content the response yields no event, so the loop asks the model
  // again, now with the result in the history.
  response.content = undefined;
}

/**
 * Saves each inline image of a built-in execution's response as an artifact
 * (named by its display name, else the local time and the MIME subtype) and
 * puts `Saved as artifact: <name>. ` in its place. The returned event holds
 * only the artifact versions.
 */
async function saveGeneratedImages(
  context: InvocationContext,
  agent: LlmAgentContract,
  content: Content,
): Promise<Event> {
  const actions = createEventActions();
  for (const part of content.parts ?? []) {
    const inlineData = part.inlineData;
    const mimeType = inlineData?.mimeType;
    if (!inlineData || !mimeType?.startsWith('image/') || inlineData.data === undefined) continue;
    const artifactService = requireArtifactService(context);
    const fileName = inlineData.displayName || `${localTimestamp()}.${mimeType.split('/').at(-1)}`;
    const version = await artifactService.saveArtifact({
      appName: context.appName,
      userId: context.userId,
      sessionId: context.session.id,
      filename: fileName,
      artifact: { inlineData: { data: inlineData.data, mimeType } },
    });
    setOwn(actions.artifactDelta, fileName, version);
    delete part.inlineData;
    part.text = `Saved as artifact: ${fileName}. `;
  }
  return createEvent({
    invocationId: context.invocationId,
    author: agent.name,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
    actions,
  });
}

/**
 * Replaces each supported inline file of the user's messages with a
 * `\nAvailable file: \`data_<i>_<j>.csv\`\n` text part and records the files
 * not seen before (Python `_extract_and_replace_inline_files`). Returns all
 * known input files.
 */
function extractAndReplaceInlineFiles(
  executorContext: CodeExecutorContext,
  request: LlmRequest,
): File[] {
  const allInputFiles = executorContext.getInputFiles();
  const savedFileNames = new Set(allInputFiles.map((file) => file.name));
  request.contents.forEach((original, i) => {
    if (original.role !== 'user' || !original.parts || original.parts.length === 0) return;
    // History contents are shared and frozen: edit a copy and put it in the request.
    const parts = [...original.parts];
    request.contents[i] = { ...original, parts };
    parts.forEach((part, j) => {
      const inlineData = part.inlineData;
      const mimeType = inlineData?.mimeType;
      if (!inlineData || mimeType === undefined || !Object.hasOwn(DATA_FILE_UTIL_MAP, mimeType)) {
        return;
      }
      if (inlineData.data === undefined) {
        logger.warn('Skipping inline data file without byte content.');
        return;
      }
      const fileName = `data_${i + 1}_${j + 1}${DATA_FILE_UTIL_MAP[mimeType]!.extension}`;
      parts[j] = { text: `\nAvailable file: \`${fileName}\`\n` };
      const file: File = {
        name: fileName,
        content: getEncodedFileContent(Buffer.from(inlineData.data, 'base64')),
        mimeType,
      };
      if (!savedFileNames.has(fileName)) {
        executorContext.addInputFiles([file]);
        allInputFiles.push(file);
      }
    });
  });
  return allInputFiles;
}

/** The execution id for a stateful executor (the session id, kept in state); undefined otherwise. */
function getOrSetExecutionId(
  context: InvocationContext,
  executor: BaseCodeExecutor,
  executorContext: CodeExecutorContext,
): string | undefined {
  if (!executor.stateful) return undefined;
  let executionId = executorContext.getExecutionId();
  if (!executionId) {
    executionId = context.session.id;
    executorContext.setExecutionId(executionId);
  }
  return executionId;
}

/**
 * The event reporting a run (Python `_post_process_code_execution_result`):
 * the result part, the executor context as state delta, and the versions of
 * the output files, which are saved as artifacts. A run with stderr counts
 * as a failure; a clean one resets the count.
 */
async function postProcessCodeExecutionResult(
  context: InvocationContext,
  executorContext: CodeExecutorContext,
  result: CodeExecutorResult,
): Promise<Event> {
  const artifactService = requireArtifactService(context);
  const resultContent: Content = { role: 'model', parts: [buildCodeExecutionResultPart(result)] };
  const actions = createEventActions({ stateDelta: executorContext.getStateDelta() });

  if (result.stderr) executorContext.incrementErrorCount(context.invocationId);
  else executorContext.resetErrorCount(context.invocationId);

  for (const outputFile of result.outputFiles) {
    const version = await artifactService.saveArtifact({
      appName: context.appName,
      userId: context.userId,
      sessionId: context.session.id,
      filename: outputFile.name,
      artifact: {
        inlineData: {
          data: Buffer.from(getContentAsBytes(outputFile.content)).toString('base64'),
          mimeType: outputFile.mimeType,
        },
      },
    });
    setOwn(actions.artifactDelta, outputFile.name, version);
  }

  return createEvent({
    invocationId: context.invocationId,
    author: context.agent.name,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
    content: resultContent,
    actions,
  });
}

/** The Python that loads a data file and prints its overview, or undefined for other types. */
function getDataFilePreprocessingCode(file: File): string | undefined {
  if (!Object.hasOwn(DATA_FILE_UTIL_MAP, file.mimeType)) return undefined;
  const varName = normalizedVariableName(file.name);
  const loaderCode = DATA_FILE_UTIL_MAP[file.mimeType]!.loaderCodeTemplate.replace(
    '{filename}',
    pythonRepr(file.name),
  );
  return `
${DATA_FILE_HELPER_LIB}

# Load the dataframe.
${varName} = ${loaderCode}

# Use \`explore_df\` to guide my analysis.
explore_df(${varName})
`;
}

/** The file name without extension as a Python identifier (Python `_get_normalized_file_name`). */
function normalizedVariableName(fileName: string): string {
  const name = splitExtension(fileName).replace(/[^a-zA-Z0-9_]/g, '_');
  if (!name) return '_data';
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

// Python's `os.path.splitext(name)[0]`: the last dot of the base name starts
// the extension, unless only dots precede it (`.bashrc` has none).
function splitExtension(path: string): string {
  const sepIndex = path.lastIndexOf('/');
  const dotIndex = path.lastIndexOf('.');
  if (dotIndex <= sepIndex) return path;
  for (let index = sepIndex + 1; index < dotIndex; index++) {
    if (path[index] !== '.') return path.slice(0, dotIndex);
  }
  return path;
}

function requireArtifactService(
  context: InvocationContext,
): NonNullable<InvocationContext['artifactService']> {
  if (!context.artifactService) {
    throw new ServiceNotConfiguredError({
      service: 'artifactService',
      message: 'Artifact service is not initialized.',
    });
  }
  return context.artifactService;
}

// Python's `strftime('%Y%m%d_%H%M%S')` of the local time.
function localTimestamp(): string {
  const now = new Date(nowSeconds() * 1000);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return (
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}_` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`
  );
}
