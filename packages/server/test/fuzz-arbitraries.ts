import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { z } from 'zod';

/** A JSON Schema node as zod writes it (the parts the generators read). */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

/** The JSON Schema of a route's zod schema, as a client would read it from the OpenAPI. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || !(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Strings that have broken parsers, databases and templates before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  '1.5',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  '9007199254740993',
  '2147483648',
  '99999999999999999999',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '\u0000',
  '\uFFFF',
  '%ED%A0%80',
  '😀🎵',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '$' + '{7*7}',
  'A'.repeat(70_000),
];

/** Numbers at the edges of every integer type and of JSON. */
export const NASTY_NUMBERS = [0, -1, 1, 0.5, -0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE];

/** Any JSON value, including the ones that poison prototypes. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], {}, true, false, ...NASTY_NUMBERS, ...NASTY_STRINGS.slice(0, -1)) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')) },
);

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const nastyNumber = fc.constantFrom(...NASTY_NUMBERS);

/**
 * Values for a JSON Schema node: mostly near-valid (the right type, at and past its limits) so
 * the request gets past validation into the service, sometimes the wrong type or a poisoned value.
 */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const wrong = depth > 3 ? fc.constant(null) : anyJson;
  return fc.oneof({ weight: 6, arbitrary: nearValid(schema, depth) }, { weight: 1, arbitrary: wrong });
}

function nearValid(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: nastyString });
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((c) => nearValid(c, depth)));
  if (schema.allOf && schema.allOf.length > 0) return nearValid(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectFor(schema, depth);
    case 'array': {
      const max = Math.min(schema.maxItems ?? 8, 8);
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(valueFor(schema.items, depth + 1), { minLength: 0, maxLength: max }) },
        // Past the limit: the schema's cap must stop it before any work.
        { weight: 1, arbitrary: fc.constant(Array.from({ length: (schema.maxItems ?? 1000) + 1 }, (_, i) => i + 1)) },
      );
    }
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 300, 300);
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength: Math.min(min, max), maxLength: max }) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
        { weight: 1, arbitrary: nastyString },
        ...(schema.maxLength !== undefined ? [{ weight: 1, arbitrary: fc.constant('x'.repeat(schema.maxLength + 1)) }] : []),
        ...(schema.format === 'email' ? [{ weight: 2, arbitrary: fc.emailAddress() }] : []),
      );
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const high = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(Math.max(high, low), 2 ** 31 - 1) }) },
        { weight: 1, arbitrary: fc.constantFrom(low - 1, high, high + 1) },
        { weight: 1, arbitrary: nastyNumber },
        { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
      );
    }
    case 'boolean':
      return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom('true', 1, 'on', null) });
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.keys(properties).map((key) => [key, valueFor(properties[key], depth + 1)]));
  const required = (schema.required ?? []).filter((key) => key in properties);
  // Mostly with every required key, so the body reaches the service; sometimes any key is missing.
  const body = fc.oneof(
    { weight: 4, arbitrary: fc.record(model, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
  );
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id', 'user_id')),
    anyJson,
    {
      maxKeys: 2,
    },
  );
  // Spreading defines own properties, so '__proto__' is sent as a key, not a prototype.
  return fc.tuple(body, fc.option(extra, { freq: 4 })).map(([value, more]) => (more ? { ...(value as object), ...more } : value));
}

/** A query string for a querystring schema: known keys (near-valid values, repeated keys), unknown and nested keys. */
export function queryFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.properties ?? {});
  const knownKey = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('q');
  const pair = fc.oneof(
    {
      weight: 4,
      arbitrary: knownKey.chain((key) =>
        valueFor(schema?.properties?.[key]).map((v) => [key, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('__proto__[x]', 'constructor[prototype][x]', 'a[b][c]', 'a[]', ''), nastyString) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })) },
  );
  const encoded = fc
    .array(pair, { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(String(k))}=${encodeURIComponent(String(v).slice(0, 2000))}`).join('&'));
  // Raw, not URL-encoded: broken percent escapes and odd separators.
  const raw = fc.constantFrom('%', '%zz=1', 'a=%E0%A4%A', '&&&', '=', 'a==b', `${keys[0] ?? 'q'}=1&${keys[0] ?? 'q'}=2`, '?x=1', 'a=1;b=2');
  return fc.oneof({ weight: 4, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** A path parameter: a real id of the world, an edge number, or a string that is no id at all. */
export function paramFor(real: (string | number)[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real.map(String)) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_NUMBERS.map(String)) },
    { weight: 2, arbitrary: nastyString.map((s) => s.slice(0, 3000)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    { weight: 1, arbitrary: fc.nat().map(String) },
  );
}

/** A raw request body with the content type it claims: JSON that is not, forms, text, nothing. */
export const rawBody: fc.Arbitrary<{ contentType: string | undefined; body: string | Buffer }> = fc.oneof(
  fc.record({
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/vnd.api+json',
    ),
    body: fc.oneof(
      fc.constantFrom(
        '',
        '{',
        '{"a":',
        '[',
        'nul',
        'null',
        '""',
        '0',
        '{"a":1}}',
        '\uFEFF{}',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '{"a":1,"a":2}',
        '1e400',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"a":"${'x'.repeat(1024 * 1024)}"}`,
      ),
      fc.string({ maxLength: 200 }),
    ),
  }),
  fc.record({
    contentType: fc.constantFrom('application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=latin1'),
    body: fc.constantFrom(
      '',
      'a[b][c]=1&__proto__[x]=1',
      'constructor[prototype][x]=1',
      'a=1&a=2',
      '%',
      'a=%zz',
      'title=x&body=y',
      'email=a%40b.co&password=x',
      `a=${'x'.repeat(100_000)}`,
      '[]=1',
      'a[0]=1&a[1]=2',
    ),
  }),
  fc.record({
    contentType: fc.constantFrom(
      undefined,
      '',
      'text/plain',
      'text/html',
      'application/xml',
      'application/octet-stream',
      '*/*',
      'garbage',
      'application/',
    ),
    body: fc.oneof(
      fc.constantFrom('', '{}', 'hello', '<a/>'),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    ),
  }),
);

/**
 * A multipart body, usually broken: no or a wrong boundary, truncated, headers only, LF line
 * ends, no file, several files, odd field and file names, or a well-formed file of garbage.
 */
export function multipartBody(
  fileField: string,
  goodFile: Buffer,
  /** Files that attack the parsers and limits (hostileScores, hostileHars), picked now and then. */
  hostile: Buffer[] = [],
): fc.Arbitrary<{ contentType: string; body: Buffer }> {
  const boundary = 'fuzzB0undary';
  const part = (field: string, filename: string | undefined, bytes: Buffer, type = 'application/octet-stream') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${filename === undefined ? '' : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const close = Buffer.from(`--${boundary}--\r\n`);
  const wellFormed = (parts: Buffer[]) => Buffer.concat([...parts, close]);
  const filename = fc.oneof(
    fc.constantFrom('a.har', 'a.wav', 'tone.mp3', '', '../../x.har', 'a'.repeat(300), 'ü😀.har', 'a"b.har', 'a\r\nb.har', '.har', 'x.exe'),
    fc.string({ maxLength: 20 }),
  );
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.from(b)),
    fc.constant(goodFile),
    fc.nat({ max: Math.max(goodFile.length - 1, 0) }).map((n) => goodFile.subarray(0, n)),
    fc.constant(Buffer.alloc(0)),
    // A ZIP's magic with nothing behind it.
    fc.constant(Buffer.from('PK\u0003\u0004garbage')),
    ...(hostile.length > 0 ? [fc.constantFrom(...hostile), fc.constantFrom(...hostile)] : []),
  );
  const good = fc.tuple(filename, bytes).map(([name, b]) => wellFormed([part(fileField, name, b)]));
  const broken: fc.Arbitrary<{ contentType: string; body: Buffer }> = fc.oneof(
    good.map((body) => ({ contentType: 'multipart/form-data', body })),
    good.map((body) => ({ contentType: 'multipart/form-data; boundary=otherBoundary', body })),
    good.map((body) => ({ contentType: `multipart/form-data; boundary="${boundary}"; boundary=x`, body })),
    good.map((body) => ({ contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`, body })),
    fc.tuple(good, fc.nat()).map(([body, cut]) => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: body.subarray(0, cut % Math.max(body.length, 1)),
    })),
    fc.constant({
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.har"\r\n`),
    }),
    good.map((body) => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.from(body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1'),
    })),
    fc.constant({ contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.alloc(0) }),
    fc.constant({ contentType: `multipart/form-data; boundary=${boundary}`, body: close }),
    fc.constant({
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: wellFormed([part('other', undefined, Buffer.from('just a field'))]),
    }),
    fc.constant({ contentType: `multipart/form-data; boundary=${boundary}`, body: wellFormed([part('wrong-field', 'a.har', goodFile)]) }),
    fc.integer({ min: 2, max: 40 }).map((n) => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: wellFormed(Array.from({ length: n }, (_, i) => part(fileField, `f${i}.har`, goodFile))),
    })),
    fc.constant({
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--${boundary}--\r\n`),
    }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: broken },
    { weight: 2, arbitrary: good.map((body) => ({ contentType: `multipart/form-data; boundary=${boundary}`, body })) },
  );
}

/*
 * Hostile score files (issue 26): MusicXML and `.har` bodies that attack the parsers and the
 * limits rather than the schemas — nesting deeper than the parser allows, entity declarations
 * (billion laughs, external and parameter entities), text and archive entries far larger
 * unpacked than packed, and analysis text the students' copy must lose. Each file is built once
 * (a few MB of text or a zip of a 60 MB entry is not made per run) and picked by the arbitrary.
 */

const MB = 1024 * 1024;
const cachedFiles = new Map<string, Buffer[]>();
const once = (name: string, build: () => Buffer[]) => {
  let files = cachedFiles.get(name);
  if (!files) {
    files = build();
    cachedFiles.set(name, files);
  }
  return files;
};

/** MusicXML variants of a valid score: each one wrong in a way a parser or a limit must catch. */
export function hostileScores(score: string): Buffer[] {
  return once(`scores:${score.length}:${score.slice(-200)}`, () => {
    const at = (marker: string, insert: string) => score.replace(marker, `${insert}${marker}`);
    const nested = (depth: number) => at('</note>', `${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`);
    const doctype = (declarations: string, use: string) =>
      score.replace(/<score-partwise/, `<!DOCTYPE score-partwise [${declarations}]>\n<score-partwise`).replace('</note>', `${use}</note>`);
    const laughs = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const measure = score.match(/<measure[\s\S]*?<\/measure>/)?.[0] ?? '';
    // Scores dense in directions (issue 40): a measure of the score after its first, with marks before its notes.
    const later = (score.match(/<measure[\s\S]*?<\/measure>/g)?.[1] ?? measure).replace(/<attributes>[\s\S]*?<\/attributes>/, '');
    const words = '<direction placement="above"><direction-type><words>dolce</words></direction-type></direction>';
    const dynamics = '<direction placement="below"><direction-type><dynamics><p/></dynamics></direction-type></direction>';
    const marked = (marks: string, measures: number) => later.replace('<note>', `${marks}<note>`).repeat(measures);
    const text = [
      nested(60),
      nested(120),
      nested(20_000),
      `${'<a>'.repeat(100_000)}`,
      doctype(`<!ENTITY l0 "ha">${laughs}`, '<lyric><text>&l10;</text></lyric>'),
      doctype('<!ENTITY x SYSTEM "file:///etc/passwd">', '<lyric><text>&x;</text></lyric>'),
      doctype('<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;', ''),
      score.replace(/<score-partwise/, '<!DOCTYPE score-partwise SYSTEM "http://127.0.0.1:9/partwise.dtd">\n<score-partwise'),
      at('</note>', '<lyric><text>&undeclared;</text></lyric>'),
      at('</note>', '<lyric><text>&#x110000;&#0;&#xD800;</text></lyric>'),
      at('</note>', `<!--${'-'.repeat(10)}${'x'.repeat(6 * MB)}-->`),
      score.replace(/<\/part>/, `${measure.repeat(900)}</part>`),
      // Issue 40's kind: four words a beat over a long line (refused by the marks), dynamics past the
      // marks a line of 400 measures may have, and words as dense as a short score may have them.
      score.replace(/<\/part>/, `${marked(words.repeat(16), 700)}</part>`),
      score.replace(/<\/part>/, `${marked(dynamics.repeat(2), 400)}</part>`),
      score.replace(/<\/part>/, `${marked(words.repeat(8), 100)}</part>`),
      at('</measure>', '<note><rest/><duration>1</duration></note>'.repeat(9000)),
      at('</note>', '<lyric><text>V7</text></lyric>').replace(
        '<note>',
        '<harmony><root><root-step>C</root-step></root><kind>major</kind></harmony><note>',
      ),
      at('</note>', `<lyric><text>${'x'.repeat(MB)}</text></lyric>`),
      score.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="UTF-16"?>'),
      `<![CDATA[${score}]]>`,
      score.replace(/score-partwise/g, 'score-timewise'),
      score.slice(0, Math.floor(score.length / 2)),
    ].map((t) => Buffer.from(t, 'utf8'));
    text.push(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(score, 'utf16le')]));
    return [...text, ...hostileMxl(score)];
  });
}

/** `.mxl` archives: a container pointing out of the archive or at nothing, an entry huge once unpacked. */
function hostileMxl(score: string): Buffer[] {
  const container = (path: string) =>
    strToU8(
      `<?xml version="1.0"?><container><rootfiles><rootfile full-path="${path}" media-type="application/vnd.recordare.musicxml+xml"/></rootfiles></container>`,
    );
  return [
    zipSync({ 'META-INF/container.xml': container('score.xml'), 'score.xml': strToU8(score) }),
    zipSync({ 'META-INF/container.xml': container('../../etc/passwd'), 'score.xml': strToU8(score) }),
    zipSync({ 'META-INF/container.xml': container('missing.xml') }),
    zipSync({ 'META-INF/container.xml': container('score.xml'), 'score.xml': new Uint8Array(60 * MB) }),
    zipSync({
      'META-INF/container.xml': strToU8('<!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><container>&x;</container>'),
      'score.xml': strToU8(score),
    }),
  ].map((z) => Buffer.from(z));
}

/** `.har` variants of a valid file: its score made hostile, entries huge once unpacked, odd entries. */
export function hostileHars(har: Buffer): Buffer[] {
  return once(`hars:${har.length}:${har.subarray(-64).toString('hex')}`, () => {
    const entries = unzipSync(new Uint8Array(har));
    const score = strFromU8(entries['score.musicxml'] ?? new Uint8Array());
    const withEntries = (changes: Record<string, Uint8Array>) => Buffer.from(zipSync({ ...entries, ...changes }));
    const scores = hostileScores(score)
      .filter((b) => b[0] !== 0x50) // not the .mxl archives
      .map((b) => withEntries({ 'score.musicxml': new Uint8Array(b) }));
    const manifest = strFromU8(entries['manifest.json'] ?? new Uint8Array());
    return [
      ...scores,
      withEntries({ 'score.musicxml': new Uint8Array(60 * MB) }),
      withEntries({ 'manifest.json': strToU8(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) }),
      withEntries({ 'manifest.json': strToU8(manifest.replace(/"title":\s*"[^"]*"/, `"title":"${'x'.repeat(2 * MB)}"`)) }),
      withEntries({ 'key.json': strToU8('{"items":[{"id":"m1b1","measure":1,"beat":1,"answers":["I"],"points":1e308}]}') }),
      withEntries(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra/${i}.txt`, strToU8('x')]))),
      withEntries({ 'inner.har': new Uint8Array(har) }),
    ];
  });
}
