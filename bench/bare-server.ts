// The baseline: bare Fastify answering one constant JSON body (the same bytes the service answers
// for the scenario), serialized through a response schema as the service does.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BARE_BODY ?? '{}') as Record<string, unknown>;
const app = Fastify({ logger: false });
app.get('/*', { schema: { response: { 200: { type: 'object', additionalProperties: true } } } }, async () => body);
app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
// Writes: parse the JSON body, answer 200 with no body (as the service's PATCH does).
app.patch('/*', async (_request, reply) => reply.code(200).send());
// A token request: parse the form, answer the same JSON as the login server.
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))));
app.post('/*', { schema: { response: { 200: { type: 'object', additionalProperties: true } } } }, async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
