import { readPdf } from './pdf-reader';

/**
 * What a screen reader is given of a PDF (issue 29): the catalog's accessibility entries, read from
 * the bytes, and the structure tree with each element's text, read by pdf.js in a plain Node
 * process (pdf-reader.ts: pdf.js loads its worker with a dynamic import, which jest's module
 * sandbox does not allow).
 */
export interface PdfTags {
  /** The catalog's /Lang. */
  lang: string | undefined;
  /** The catalog's /MarkInfo and /ViewerPreferences dictionaries, as written ("<< /Marked true >>"), references followed. */
  markInfo: string | undefined;
  viewerPreferences: string | undefined;
  structTreeRoot: boolean;
  /** The document information's title, as pdf.js reads it. */
  title: string | undefined;
  /** Every structure element that holds text, in the structure's order: its role (H1, P, TH…) and its text. */
  elements: { role: string; text: string }[];
  /** The structure's roles as nested lists: ['Document', ['H1'], ['Table', ['TR', ['TH'], ['TD']]]…]. */
  roles: unknown[];
  /** Text drawn outside any tag (neither in the structure nor an artifact): a reader misses or misplaces it. */
  untagged: string[];
}

interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

async function read(pdf: Buffer): Promise<{ title?: string; pages: { tree: StructNode | null; texts: Record<string, string>; untagged: string[] }[] }> {
  return JSON.parse(await readPdf('tags', pdf)) as { title?: string; pages: { tree: StructNode | null; texts: Record<string, string>; untagged: string[] }[] };
}

/** An object's dictionary as pdfkit writes it (uncompressed, one object per "N 0 obj"), or a direct value. */
function resolve(bytes: string, value: string | undefined): string | undefined {
  const ref = value?.match(/^(\d+) 0 R$/);
  if (!ref) return value;
  return bytes.match(new RegExp(`(?:^|\\n)${ref[1]} 0 obj\\n(<<[\\s\\S]*?>>)\\nendobj`))?.[1];
}

function catalogEntry(catalog: string, key: string): string | undefined {
  return catalog.match(new RegExp(`/${key} (\\d+ 0 R|\\([^)]*\\)|<<[\\s\\S]*?>>)`))?.[1];
}

function flatten(node: StructNode, texts: Record<string, string>, into: { role: string; text: string }[]): void {
  const own = (node.children ?? [])
    .filter((child) => child.type === 'content' && child.id)
    .map((child) => texts[child.id!] ?? '')
    .join('');
  if (node.role && own.trim()) into.push({ role: node.role, text: own.replace(/\s+/g, ' ').trim() });
  for (const child of node.children ?? []) if (child.role) flatten(child, texts, into);
}

function roles(node: StructNode): unknown[] {
  return [node.role, ...(node.children ?? []).filter((child) => child.role).map(roles)];
}

/** The catalog's accessibility entries alone, read from the bytes (no child process). */
export function pdfCatalog(pdf: Buffer): Pick<PdfTags, 'lang' | 'markInfo' | 'viewerPreferences' | 'structTreeRoot'> {
  const bytes = pdf.toString('latin1');
  const catalog = bytes.match(/<<\n\/Type \/Catalog\n[\s\S]*?\n>>/)?.[0] ?? '';
  return {
    lang: catalogEntry(catalog, 'Lang')?.slice(1, -1),
    markInfo: resolve(bytes, catalogEntry(catalog, 'MarkInfo'))?.replace(/\s+/g, ' '),
    viewerPreferences: resolve(bytes, catalogEntry(catalog, 'ViewerPreferences'))?.replace(/\s+/g, ' '),
    structTreeRoot: /\/StructTreeRoot \d+ 0 R/.test(catalog),
  };
}

export async function pdfTags(pdf: Buffer): Promise<PdfTags> {
  const { title, pages } = await read(pdf);
  const elements: { role: string; text: string }[] = [];
  for (const page of pages) if (page.tree) flatten(page.tree, page.texts, elements);
  return {
    ...pdfCatalog(pdf),
    title,
    elements,
    roles: pages[0]?.tree?.children?.map(roles) ?? [],
    untagged: pages.flatMap((page) => page.untagged),
  };
}

/**
 * The elements of `expected` found in `elements` one after another (each after the one before),
 * as far as they are: equal to `expected` when the document reads them in that order.
 */
export function inReadingOrder(elements: PdfTags['elements'], expected: PdfTags['elements']): PdfTags['elements'] {
  const found: PdfTags['elements'] = [];
  let from = 0;
  for (const wanted of expected) {
    const at = elements.findIndex((element, index) => index >= from && element.role === wanted.role && element.text === wanted.text);
    if (at < 0) break;
    found.push(elements[at]);
    from = at + 1;
  }
  return found;
}

/** What every tagged document says of itself, whatever it prints: marked, its language, its structure, its title shown. */
export function expectTaggedCatalog(pdf: Buffer, locale: string): void {
  expect(pdfCatalog(pdf)).toEqual({ lang: locale, markInfo: '<< /Marked true >>', viewerPreferences: '<< /DisplayDocTitle true >>', structTreeRoot: true });
  expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');
}
