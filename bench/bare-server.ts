// The baseline: bare Fastify answering the bodies the service answered for the scenario's first
// requests, in turn (as varied as the service's answers: a search that mostly finds nothing near a
// centre is mostly empty pages for both), serialized through a response schema as the service does.
// The bodies arrive as the first IPC message from the harness.
import Fastify from 'fastify';

const bodies = await new Promise<Record<string, unknown>[]>((resolve) => {
  process.once('message', (texts: string[]) => resolve(texts.map((text) => JSON.parse(text) as Record<string, unknown>)));
});
let next = 0;
const answer = async () => bodies[next++ % bodies.length];
const app = Fastify({ logger: false });
app.get('/*', { schema: { response: { 200: { type: 'object', additionalProperties: true } } } }, answer);
app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
// Writes: parse the JSON body, answer 200 with no body (as the service's PATCH does).
app.patch('/*', async (_request, reply) => reply.code(200).send());
// A token request: parse the form, answer the same JSON as the login server.
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))));
app.post('/*', { schema: { response: { 200: { type: 'object', additionalProperties: true } } } }, answer);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
