import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const CLIENT_DIR = path.join(ROOT, 'src/client/locales/es');
const MODULES_DIR = path.join(ROOT, 'src/modules');

/** Staff screens speak to staff; their voice is kept consistent on its own, not checked here. */
const STAFF_NAMESPACE = /^(admin|agent|staff)(-|\.json$)/;

/**
 * Usted forms that cannot be a third party's "su" (the policy's state, a member's role, the
 * owner's card) nor a third person's subjunctive ("cuando el cliente confirme"): the word itself,
 * formal imperatives where a sentence starts, formal imperatives with a pronoun attached, and
 * the phrases the household and delete-account panels were first written with.
 */
const USTED_MARKERS: RegExp[] = [
  /\busted(es)?\b/i,
  /(^|[.:;!?]\s+|[¿¡(])(Revise|Comparta|Escriba|Vuelva|Cancele|Pague|Espere|Invite|Acepte|Confirme|Pida|Cierre|Inicie|Abra|Quite|Copie|Ignore|Consulte|Elija|Seleccione|Ingrese|Introduzca|Haga|Llame|Envíe|Descargue|Intente|Compruebe|Agregue|Indique|Lea|Responda)\b/u,
  /(?<![\p{L}])(inténtelo|acéptela|invítele|páguela|confírmelo|pídalo|léalo|llámenos|escríbanos|contáctenos|avísenos|cuéntenos|revísela|fírmela|descárguela)(?![\p{L}])/iu,
  /\b(Revise|Escriba|Cargando|cargar) su\b/,
  /(?<![\p{L}])(le invita|le invitó|Ya pidió|Si vuelve,|Puede pedirnos)(?![\p{L}])/u,
];

interface Text {
  where: string;
  text: string;
}

function textsOf(file: string): Text[] {
  const found: Text[] = [];
  const walk = (value: unknown, at: string): void => {
    if (typeof value === 'string') found.push({ where: `${path.relative(ROOT, file)} ${at}`, text: value });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}[${i}]`));
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, at ? `${at}.${key}` : key);
  };
  walk(JSON.parse(fs.readFileSync(file, 'utf8')), '');
  return found;
}

function customerFacingSpanishFiles(): string[] {
  const client = fs
    .readdirSync(CLIENT_DIR)
    .filter((f) => f.endsWith('.json') && !STAFF_NAMESPACE.test(f))
    .map((f) => path.join(CLIENT_DIR, f));
  const server = fs
    .readdirSync(MODULES_DIR)
    .map((module) => path.join(MODULES_DIR, module, 'locales', 'es.json'))
    .filter((f) => fs.existsSync(f));
  return [...client, ...server];
}

/** Every Spanish locale file, staff namespaces included: the claim term is one for all readers. */
function allSpanishFiles(): string[] {
  const client = fs
    .readdirSync(CLIENT_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(CLIENT_DIR, f));
  return [...client, ...customerFacingSpanishFiles().filter((f) => !f.startsWith(CLIENT_DIR))];
}

/** Source that is not a test: a Spanish text written in TypeScript would escape the locale files. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * A claim is a "reclamo", as US Spanish-language insurers say to customers and staff say on the
 * phone; the claims screens once said "siniestro" while My account said "reclamo".
 */
const OTHER_CLAIM_WORD = /(?<![\p{L}])siniestros?(?![\p{L}])/iu;

function otherClaimWord(texts: Text[]): string[] {
  return texts.flatMap(({ where, text }) => (OTHER_CLAIM_WORD.test(text) ? [`${where}: "${text}"`] : []));
}

/** Each text that addresses the reader as usted, with the marker that gave it away. */
function ustedTexts(texts: Text[]): string[] {
  return texts.flatMap(({ where, text }) => {
    const marker = USTED_MARKERS.map((m) => text.match(m)).find((m) => m);
    return marker ? [`${where}: «${marker[0].replace(/^[^\p{L}]+/u, '')}» in "${text}"`] : [];
  });
}

describe('Spanish customer texts', () => {
  const files = customerFacingSpanishFiles();

  it('cover the client namespaces and the server modules that write Spanish', () => {
    const names = files.map((f) => path.relative(ROOT, f));
    expect(names).toEqual(
      expect.arrayContaining(['src/client/locales/es/profile.json', 'src/modules/mail/locales/es.json', 'src/modules/account-deletion/locales/es.json']),
    );
    expect(names.some((n) => /locales\/es\/(admin|agent|staff)/.test(n))).toBe(false);
  });

  it('speak to the customer as tú, never as usted', () => {
    expect(ustedTexts(files.flatMap(textsOf))).toEqual([]);
  });

  it('find the usted forms the markers stand for, and leave a third party and tú alone', () => {
    const sample = (text: string): Text[] => [{ where: 'sample', text }];
    for (const usted of [
      'Revise su correo',
      'Cargando su hogar…',
      'Comparta una póliza con un segundo asegurado nombrado, como su cónyuge.',
      'No pudimos cargar su hogar. Vuelva a cargar la página.',
      'Abrió una invitación. Acéptela para ver la póliza.',
      '{{owner}} le invita a la póliza {{number}}',
      'Pólizas compartidas con usted',
      'Espere la factura final (unos días después), y páguela.',
    ]) {
      expect(ustedTexts(sample(usted))).toHaveLength(1);
    }
    for (const fine of [
      'Revisa tu correo',
      'El agente que vendió esta póliza no tiene licencia en su estado.',
      'Cancela la póliza (el botón Cancelar de su tarjeta, arriba), o espera a que termine su cobertura.',
      'Cuando el cliente confirme esta mudanza, la póliza pasa a Meterly.',
      'La invitación a {{name}} venció, así que su rol no se puede cambiar. Invítale de nuevo.',
      'La tarjeta de {{owner}} se rechazó. Puede reemplazarla en su propia cuenta.',
    ]) {
      expect(ustedTexts(sample(fine))).toEqual([]);
    }
  });
});

describe('Spanish texts name a claim', () => {
  it('"reclamo" in every locale file, staff screens included, never "siniestro"', () => {
    const files = allSpanishFiles();
    expect(files.map((f) => path.relative(ROOT, f))).toEqual(
      expect.arrayContaining(['src/client/locales/es/claims.json', 'src/client/locales/es/staff-claims.json', 'src/modules/claims/locales/es.json']),
    );
    expect(otherClaimWord(files.flatMap(textsOf))).toEqual([]);
  });

  it('"reclamo" in TypeScript source too', () => {
    const found = sourceFiles(path.join(ROOT, 'src')).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (OTHER_CLAIM_WORD.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('catch the old word, plural and capitalised, and leave "reclamo" alone', () => {
    const sample = (text: string): Text[] => [{ where: 'sample', text }];
    for (const old of ['Reportar un siniestro', 'Siniestros | Meterly', 'El equipo de siniestros de Meterly', 'Siniestro {{number}}']) {
      expect(otherClaimWord(sample(old))).toHaveLength(1);
    }
    for (const fine of ['Reportar un reclamo', 'Reclamos | Meterly', 'El equipo de reclamos de Meterly', 'Tu número de reclamo es {{number}}.']) {
      expect(otherClaimWord(sample(fine))).toEqual([]);
    }
  });
});
