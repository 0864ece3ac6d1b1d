// One resume parser thread: parses the files the pool sends, one at a time. A file that never ends
// is the pool's problem: it terminates this thread at the time limit.
import { parentPort } from 'node:worker_threads';
import { getResolvedPDFJS } from 'unpdf';
import { parseResumeBytes, type WorkerRequest, type WorkerReply } from './resume.parser.ts';
import { ResumeFileError } from './resume.text.ts';

const port = parentPort!;
port.on('message', async (request: WorkerRequest) => {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  let reply: WorkerReply;
  try {
    reply = { id: request.id, ok: true, result: await parseResumeBytes(bytes, request.options, request.limits) };
  } catch (err) {
    const error = err instanceof ResumeFileError ? { code: err.code, message: err.message } : { message: err instanceof Error ? err.message : String(err) };
    reply = { id: request.id, ok: false, error };
  }
  port.postMessage(reply);
});
// pdf.js loads on first use; load it now so a file's time limit never pays for it.
await getResolvedPDFJS();
port.postMessage({ ready: true } satisfies WorkerReply);
