/**
 * The characters of the built-in image captcha and a 5×7 bitmap of each. Characters that people
 * confuse are left out (0/O/Q, 1/I, 2/Z, 5/S, 8/B), so the answer can be compared case-blind and
 * without guessing which of two look-alikes was meant.
 */
export const CAPTCHA_ALPHABET = '34679ACDEFGHJKLMNPRTUVWXY';

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

const BITMAPS: Record<string, string> = {
  '3': '#####|...#.|..#..|...#.|....#|#...#|.###.',
  '4': '...#.|..##.|.#.#.|#..#.|#####|...#.|...#.',
  '6': '..##.|.#...|#....|####.|#...#|#...#|.###.',
  '7': '#####|....#|...#.|..#..|.#...|.#...|.#...',
  '9': '.###.|#...#|#...#|.####|....#|...#.|.##..',
  A: '.###.|#...#|#...#|#####|#...#|#...#|#...#',
  C: '.###.|#...#|#....|#....|#....|#...#|.###.',
  D: '###..|#..#.|#...#|#...#|#...#|#..#.|###..',
  E: '#####|#....|#....|####.|#....|#....|#####',
  F: '#####|#....|#....|####.|#....|#....|#....',
  G: '.###.|#...#|#....|#.###|#...#|#...#|.####',
  H: '#...#|#...#|#...#|#####|#...#|#...#|#...#',
  J: '..###|...#.|...#.|...#.|...#.|#..#.|.##..',
  K: '#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#',
  L: '#....|#....|#....|#....|#....|#....|#####',
  M: '#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#',
  N: '#...#|#...#|##..#|#.#.#|#..##|#...#|#...#',
  P: '####.|#...#|#...#|####.|#....|#....|#....',
  R: '####.|#...#|#...#|####.|#.#..|#..#.|#...#',
  T: '#####|..#..|..#..|..#..|..#..|..#..|..#..',
  U: '#...#|#...#|#...#|#...#|#...#|#...#|.###.',
  V: '#...#|#...#|#...#|#...#|#...#|.#.#.|..#..',
  W: '#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.',
  X: '#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#',
  Y: '#...#|#...#|.#.#.|..#..|..#..|..#..|..#..',
};

/** The bitmap of a character: GLYPH_HEIGHT rows of GLYPH_WIDTH cells, 1 where ink is. */
export function glyph(char: string): Uint8Array {
  const pattern = BITMAPS[char];
  if (!pattern) throw new Error(`no captcha glyph for "${char}"`);
  const rows = pattern.split('|');
  const cells = new Uint8Array(GLYPH_WIDTH * GLYPH_HEIGHT);
  rows.forEach((row, y) => {
    for (let x = 0; x < GLYPH_WIDTH; x++) cells[y * GLYPH_WIDTH + x] = row[x] === '#' ? 1 : 0;
  });
  return cells;
}
