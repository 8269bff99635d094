/**
 * The shape every other language must have: each English key, as a string. A plural's `_one` form is optional
 * (languages such as Chinese have only `_other`); a missing key is a type error where the language's file is written.
 */
export type Translation<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string ? string : Translation<T[K]>;
} & {
  [K in keyof T as K extends `${string}_one` ? K : never]?: string;
};

/** A key of the English strings, e.g. "nav.home" (plural keys by their base name, as `t` takes them). */
export type TranslationKey = import("i18next").ParseKeys<"common">;
