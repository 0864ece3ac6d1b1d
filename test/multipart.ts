// A multipart/form-data body for app.inject, built by the platform's own FormData/Request (no
// extra dependency): fields as strings, files as bytes with a name and a declared type.
export interface FilePart { name: string; fileName: string; type: string; bytes: Buffer }

export async function multipart(fields: Record<string, string>, files: FilePart[] = []): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.fileName);
  const request = new Request('http://multipart.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
