import { spawn, type ChildProcess } from 'node:child_process';

// pdf.js loads its worker with a dynamic import, which jest's module sandbox does not allow: PDFs
// are read in a plain Node process. Starting one per PDF cost Node's start and pdf.js's load each
// time, about half a second here (policy-documents.spec reads 30 PDFs): one process now reads a
// file's PDFs one after another, and leaves when it has had nothing to read for a moment (a new
// one starts for the next).
const SCRIPT = `
const IDLE_MS = 2000;
const readers = {
  text: async (data) => {
    const { PDFParse } = require('pdf-parse');
    return (await new PDFParse({ data }).getText()).text;
  },
  tags: async (data) => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
    const { info } = await pdf.getMetadata();
    const pages = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent({ includeMarkedContent: true });
      const texts = {};
      const untagged = [];
      const open = [];
      for (const item of content.items) {
        if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') open.push(item);
        else if (item.type === 'endMarkedContent') open.pop();
        else if (item.str !== undefined) {
          const mark = open.find((m) => m.id) ?? open.find((m) => m.tag === 'Artifact');
          if (mark && mark.id) texts[mark.id] = (texts[mark.id] ?? '') + item.str + (item.hasEOL ? ' ' : '');
          else if (!mark && item.str.trim()) untagged.push(item.str);
        }
      }
      pages.push({ tree: await page.getStructTree(), texts, untagged });
    }
    await pdf.destroy();
    return JSON.stringify({ title: info.Title, pages });
  },
};
let buffered = Buffer.alloc(0);
let work = Promise.resolve();
let idle;
const rest = () => { clearTimeout(idle); idle = setTimeout(() => process.exit(0), IDLE_MS); };
const answer = (ok, text) => {
  const body = Buffer.from(JSON.stringify({ ok, text }));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  process.stdout.write(Buffer.concat([head, body]));
};
process.stdin.on('data', (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  for (;;) {
    if (buffered.length < 5) break;
    const length = buffered.readUInt32BE(0);
    if (buffered.length < 5 + length) break;
    const kind = buffered[4] === 1 ? 'tags' : 'text';
    const data = buffered.subarray(5, 5 + length);
    buffered = buffered.subarray(5 + length);
    clearTimeout(idle);
    work = work.then(() => readers[kind](data)).then((text) => answer(true, text), (error) => answer(false, String(error && error.stack || error))).then(rest);
  }
});
process.stdin.on('end', () => process.exit(0));
rest();`;

type Kind = 'text' | 'tags';
interface Request {
  kind: Kind;
  pdf: Buffer;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
  /** Sent to a reader that left before answering: sent once more to the next. */
  retried: boolean;
}

let reader: ChildProcess | undefined;
/** Requests sent to the current reader, in the order it answers them. */
let sent: Request[] = [];
let received = Buffer.alloc(0);

function start(): ChildProcess {
  const child = spawn(process.execPath, ['-e', SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  child.stdout.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    while (received.length >= 4 && received.length >= 4 + received.readUInt32BE(0)) {
      const length = received.readUInt32BE(0);
      const { ok, text } = JSON.parse(received.subarray(4, 4 + length).toString()) as { ok: boolean; text: string };
      received = received.subarray(4 + length);
      const request = sent.shift()!;
      if (ok) request.resolve(text);
      else request.reject(new Error(`The PDF could not be read: ${text}`));
    }
    if (sent.length === 0) unref(child);
  });
  // Leaving (idle, or between a request written and read): what it had not answered goes to a new reader.
  child.on('close', (code) => {
    if (reader === child) reader = undefined;
    const unanswered = sent;
    sent = [];
    received = Buffer.alloc(0);
    for (const request of unanswered) {
      if (request.retried) request.reject(new Error(`The PDF could not be read: the reader left (${code}) ${errors}`));
      else send({ ...request, retried: true });
    }
  });
  child.stdin.on('error', () => undefined);
  return child;
}

/** A reader with nothing to do does not keep jest's worker waiting. */
function unref(child: ChildProcess): void {
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
}

function ref(child: ChildProcess): void {
  child.ref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { ref?: () => void } | null)?.ref?.();
}

function send(request: Request): void {
  reader ??= start();
  ref(reader);
  sent.push(request);
  const head = Buffer.alloc(5);
  head.writeUInt32BE(request.pdf.length);
  head[4] = request.kind === 'tags' ? 1 : 0;
  reader.stdin!.write(Buffer.concat([head, request.pdf]));
}

/** What pdf.js reads of `pdf`: its text as pdf-parse gives it ('text'), or its structure as JSON ('tags'). */
export function readPdf(kind: Kind, pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => send({ kind, pdf, resolve, reject, retried: false }));
}
