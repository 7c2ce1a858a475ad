/**
 * Values for the OpenAPI fuzzer: a seeded random source (so a failing run can be replayed from its seed) and the
 * hostile inputs it draws from — wrong types, huge and odd unicode strings, null bytes, edge numbers, deep nesting and
 * bad uuids.
 */

export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  int: (maxExclusive: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};

/** mulberry32: tiny, fast and fully determined by its 32-bit seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  };
}

export const DEEP_LEVELS = 10_000;

/** `[[[…]]]` or `{"a":{"a":…}}` nested `levels` deep, as JSON text (building it as an object would be as deep). */
export function deepJson(levels: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(levels)}1${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  '%00',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil\u202C',
  'a\u200Bb\u200Dc\uFEFF',
  'Z̴̡̧̛̛̛̛̛̖͇̺̤͎̯̩͈̩̮͖̜͖̟͙̬̪̲̈́̏̊̇̽̍̿͒͊̒̀̈́̐̈́̀̿̑͂̈́̾͆ͅa̷l̴g̶o',
  '👩‍👩‍👧‍👦🏳️‍🌈💩',
  '𝕬𝖌𝖊𝖓𝖈𝖞',
  'ｆｕｌｌｗｉｄｔｈ',
  "'; drop table tasks; --",
  '" or 1=1 --',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}',
  '2026-02-30',
  '2026-13-01 25:61:61',
  '9999-12-31T23:59:59Z',
  '-0001-01-01',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  'true',
  'null',
  '[]',
  '{}',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

export const BAD_UUIDS: readonly string[] = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0192d3a0-0000-7000-8000-00000000000',
  '0192d3a0-0000-7000-8000-0000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '1',
  '-1',
  '99999999999999999999',
  '%00',
  '%2e%2e%2f',
  '%E2%80%AE',
  encodeURIComponent('\u0000'),
  'x'.repeat(4000),
];

/** Query strings the bracket parser must refuse or ignore, never choke on. */
export const MALFORMED_QUERIES: readonly string[] = [
  'page[size][x]=',
  'page[size][x]=1&page[number][y]=2',
  'filters[[',
  'filters[[]]=1',
  'filters]]=1',
  'filters[project][][]=x',
  'filters[project][0][1][2][3][4][5][6][7][8][9]=x',
  `filters${'[a]'.repeat(500)}=1`,
  'page[size]=1e999',
  'page[size]=-1&page[number]=-1',
  'page[number]=9007199254740993',
  'page=1&page[size]=2',
  'sort[by][by]=x',
  'sort=1&sort[by]=2',
  'search_term[]=a&search_term[x]=b',
  'search_term=%00',
  'search_term=%FF%FE',
  `with=tags,tags,tags,${'x,'.repeat(300)}`,
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'filters[__proto__][x]=1',
  '&&&===&&&',
  `${Array.from({ length: 1500 }, (_, i) => `k${i}=v`).join('&')}`,
  `filters[task_status][]=${'todo&filters[task_status][]='.repeat(300)}todo`,
  '%',
  'a=%E0%A4%A',
];

/** A value of a different JSON type than `type`, or an otherwise hostile one. */
export function wrongValue(random: Random, type: string | undefined): unknown {
  const options: (() => unknown)[] = [
    () => null,
    () => random.pick(HOSTILE_STRINGS),
    () => random.pick(HOSTILE_NUMBERS),
    () => random.chance(0.5),
    () => [],
    () => [random.pick(HOSTILE_STRINGS), random.pick(HOSTILE_NUMBERS)],
    () => ({}),
    () => ({ a: { b: [random.pick(HOSTILE_STRINGS)] } }),
    () => 'x'.repeat(random.pick([256, 5_000, 200_000])),
    () => random.pick(HOSTILE_STRINGS).repeat(random.pick([100, 5_000])),
    () => random.pick(BAD_UUIDS),
  ];
  let value = random.pick(options)();
  // Prefer a different type than the schema's, so most draws are wrong rather than merely odd.
  if (type && typeof value === type && random.chance(0.5)) {
    value = random.pick(options)();
  }
  return value;
}
