/**
 * An agent that calls a REST API described by an OpenAPI document, run
 * offline: the example starts a tiny book shop API on 127.0.0.1, hands its
 * OpenAPI document (YAML, with $refs) to an OpenAPIToolset, and a scripted
 * model calls two of the generated tools — the same loop a real model
 * drives.
 *
 * Run: npx tsx examples/openapi/main.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemoryRunner, LlmAgent, OpenAPIToolset, stringifyContent } from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';

const books = [
  { id: 1, title: 'Dune', author: 'Frank Herbert' },
  { id: 2, title: 'Emma', author: 'Jane Austen' },
];

// The API: GET /books?author=…, POST /books (JSON body).
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && url.pathname === '/api/books') {
      const book = { id: books.length + 1, ...(JSON.parse(body) as object) };
      books.push(book as (typeof books)[number]);
      response.writeHead(201).end(JSON.stringify(book));
    } else if (url.pathname === '/api/books') {
      const author = url.searchParams.get('author');
      response.end(JSON.stringify(books.filter((book) => !author || book.author === author)));
    } else response.writeHead(404).end(JSON.stringify({ message: 'not found' }));
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

const spec = `
openapi: 3.0.3
info: { title: Book shop, version: "1.0" }
servers:
  - url: http://127.0.0.1:${port}/api
paths:
  /books:
    get:
      operationId: listBooks
      description: Lists the books, optionally by one author.
      parameters:
        - name: author
          in: query
          schema: { type: string }
          description: Only books by this author
      responses:
        "200":
          description: The books
          content:
            application/json:
              schema: { type: array, items: { $ref: "#/components/schemas/Book" } }
    post:
      operationId: addBook
      summary: Adds a book.
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Book" }
      responses:
        "201": { description: Added }
components:
  schemas:
    Book:
      type: object
      required: [title, author]
      properties:
        title: { type: string, description: The title }
        author: { type: string, description: The author }
`;

const bookShop = new OpenAPIToolset({ specStr: spec, specStrType: 'yaml' });
const tools = await bookShop.getTools();
console.log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);
console.log(`add_book parameters: ${JSON.stringify(tools[1]?.getDeclaration()?.parameters)}`);

const model = new ScriptedLlm({
  model: 'scripted-librarian',
  responses: [
    functionCallResponse('add_book', { title: 'Persuasion', author: 'Jane Austen' }),
    functionCallResponse('list_books', { author: 'Jane Austen' }),
    textResponse('The shop has 2 books by Jane Austen: Emma and Persuasion.'),
  ],
});
const agent = new LlmAgent({
  name: 'librarian',
  model,
  instruction: 'Manage the book shop with its API.',
  tools: [bookShop],
});

const runner = new InMemoryRunner({ agent, appName: 'book_shop' });
const session = await runner.sessionService.createSession({ appName: 'book_shop', userId: 'ada' });
for await (const event of runner.runAsync({
  userId: 'ada',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Add Persuasion by Jane Austen.' }] },
})) {
  const call = event.content?.parts?.find((part) => part.functionCall)?.functionCall;
  const answer = event.content?.parts?.find((part) => part.functionResponse)?.functionResponse;
  if (call) console.log(`${event.author} calls ${call.name}(${JSON.stringify(call.args)})`);
  else if (answer) console.log(`${event.author} gets ${JSON.stringify(answer.response)}`);
  else console.log(`${event.author}: ${stringifyContent(event)}`);
}
server.close();
