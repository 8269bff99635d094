import fs from "node:fs";
import * as fontkit from "fontkit";

/**
 * The fonts of every PDF we write (issue 28, ADR 0063-unicode-pdfs): DejaVu Sans for Latin, Greek, Cyrillic, symbols
 * and the emoticons it draws, Noto Sans CJK SC for Chinese, Japanese and Korean — Debian's fonts-dejavu-core and
 * fonts-noto-cjk, installed by scripts/setup.sh (and by the production image), read from disk once. pdfkit embeds each
 * font subset to the glyphs a document uses. A character neither font draws is printed as a visible '□', never '?'.
 */

export type PdfFace = "regular" | "bold" | "italic";
type Source = { path: string; postscriptName?: string };

const DEJAVU = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu"];
const NOTO_CJK = ["/usr/share/fonts/opentype/noto", "/usr/share/fonts/noto-cjk", "/usr/share/fonts/google-noto-cjk"];

const FILES: Record<"latin" | "cjk", Record<PdfFace, Array<{ dirs: string[]; file: string; postscriptName?: string }>>> = {
  latin: {
    regular: [{ dirs: DEJAVU, file: "DejaVuSans.ttf" }],
    bold: [{ dirs: DEJAVU, file: "DejaVuSans-Bold.ttf" }],
    italic: [{ dirs: DEJAVU, file: "DejaVuSans-Oblique.ttf" }],
  },
  cjk: {
    regular: [{ dirs: NOTO_CJK, file: "NotoSansCJK-Regular.ttc", postscriptName: "NotoSansCJKsc-Regular" }],
    bold: [{ dirs: NOTO_CJK, file: "NotoSansCJK-Bold.ttc", postscriptName: "NotoSansCJKsc-Bold" }],
    // No oblique CJK face: italic CJK text is set upright, as word processors do.
    italic: [{ dirs: NOTO_CJK, file: "NotoSansCJK-Regular.ttc", postscriptName: "NotoSansCJKsc-Regular" }],
  },
};

function find(script: "latin" | "cjk", face: PdfFace): Source {
  for (const c of FILES[script][face]) {
    for (const dir of c.dirs) {
      const path = `${dir}/${c.file}`;
      if (fs.existsSync(path)) return { path, postscriptName: c.postscriptName };
    }
  }
  const want = FILES[script][face].map((c) => c.file).join(", ");
  throw new Error(`PDF font missing: ${want} (install Debian's fonts-dejavu-core and fonts-noto-cjk; scripts/setup.sh does)`);
}

/** A font read and parsed once; pdfkit takes the parsed font itself (so each document does not parse the file again). */
type Loaded = { name: string; font: fontkit.Font; has: (codePoint: number) => boolean };
type FontSet = Record<PdfFace, { latin: Loaded; cjk: Loaded }>;

let loaded: FontSet | null = null;

function load(script: "latin" | "cjk", face: PdfFace): Loaded {
  const source = find(script, face);
  const data = fs.readFileSync(source.path);
  const opened = fontkit.create(data, source.postscriptName);
  if (!("hasGlyphForCodePoint" in opened)) throw new Error(`PDF font ${source.path}: no face ${source.postscriptName ?? ""}`);
  const font = opened;
  const coverage = new Map<number, boolean>();
  return {
    name: `${script}-${face}`,
    font,
    has(codePoint) {
      let known = coverage.get(codePoint);
      if (known === undefined) coverage.set(codePoint, (known = font.hasGlyphForCodePoint(codePoint)));
      return known;
    },
  };
}

/** The fonts, read once per process. Throws with what to install when a font is missing. */
export function pdfFonts(): FontSet {
  loaded ??= {
    regular: { latin: load("latin", "regular"), cjk: load("cjk", "regular") },
    bold: { latin: load("latin", "bold"), cjk: load("cjk", "bold") },
    italic: { latin: load("latin", "italic"), cjk: load("cjk", "italic") },
  };
  return loaded;
}

/** What stands for a character no font draws. */
export const MISSING_GLYPH = "□";

/**
 * `text` cut into runs of one font each: the Latin font where it draws the character, else the CJK font, else the
 * placeholder in the Latin font. Line breaks and spaces stay in the run they are in. Control characters become spaces.
 */
export function fontRuns(text: string, face: PdfFace, fonts: FontSet = pdfFonts()): Array<{ font: Loaded; text: string }> {
  const { latin, cjk } = fonts[face];
  const runs: Array<{ font: Loaded; text: string }> = [];
  let current: { font: Loaded; text: string } | null = null;
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    let font: Loaded;
    let out = ch;
    if (ch === "\n" || ch === " " || ch === "\t") font = current?.font ?? latin;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) [font, out] = [current?.font ?? latin, " "];
    else if (code >= 0xfe00 && code <= 0xfe0f) continue; // variation selectors: the glyph before them stands alone
    else if (code === 0x200d) continue; // zero-width joiner: the emoji it joins print one by one
    else if (latin.has(code)) font = latin;
    else if (cjk.has(code)) font = cjk;
    else [font, out] = [latin, MISSING_GLYPH];
    if (current && current.font === font) current.text += out;
    else runs.push((current = { font, text: out }));
  }
  return runs;
}
