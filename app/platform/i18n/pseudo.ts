/**
 * The pseudo-language en-XA (ADR 0076): every English string accented, about 40% longer and between ⟦ ⟧, so a browser
 * test can see text that did not go through translation (no brackets) and layouts that break on longer text.
 * Interpolations ({{name}}), nesting ($t(key)) and Trans tags (<0>…</0>) are kept as they are.
 */
export const PSEUDO_LANGUAGE = "en-XA";

const ACCENTED: Record<string, string> = {
  a: "á", b: "ƀ", c: "ç", d: "ď", e: "é", f: "ƒ", g: "ĝ", h: "ĥ", i: "í", j: "ĵ", k: "ķ", l: "ļ", m: "ɱ",
  n: "ñ", o: "ó", p: "þ", q: "ǫ", r: "ŕ", s: "š", t: "ţ", u: "ú", v: "ṽ", w: "ŵ", x: "ẋ", y: "ý", z: "ž",
  A: "Á", B: "Ɓ", C: "Ç", D: "Ď", E: "É", F: "Ƒ", G: "Ĝ", H: "Ĥ", I: "Í", J: "Ĵ", K: "Ķ", L: "Ļ", M: "Ṁ",
  N: "Ñ", O: "Ó", P: "Þ", Q: "Ǫ", R: "Ŕ", S: "Š", T: "Ţ", U: "Ú", V: "Ṽ", W: "Ŵ", X: "Ẋ", Y: "Ý", Z: "Ž",
};
/** What a translation must keep verbatim: {{interpolation}}, $t(nesting), <0>Trans tags</0>. */
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+\/?>)/;

export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

export function pseudoString(text: string): string {
  const parts = text.split(KEPT);
  let letters = 0;
  const body = parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      letters += part.length;
      return part.replace(/[A-Za-z]/g, (ch) => ACCENTED[ch] ?? ch);
    })
    .join("");
  // In words of at most 8 dots: a long sentence's padding must wrap like text, not stand as one unbreakable word.
  const padding = "·".repeat(Math.ceil(letters * 0.4)).replace(/(·{8})(?=·)/g, "$1 ");
  return `${PSEUDO_OPEN}${body}${padding ? ` ${padding}` : ""}${PSEUDO_CLOSE}`;
}

type Tree = { [key: string]: string | Tree };

/** The pseudo-language's resources: the English tree with every string pseudo-localised. */
export function pseudoResources<T extends Tree>(english: T): T {
  const out: Tree = {};
  for (const [key, value] of Object.entries(english)) {
    out[key] = typeof value === "string" ? pseudoString(value) : pseudoResources(value);
  }
  return out as T;
}
