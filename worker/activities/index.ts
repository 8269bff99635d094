// Every activity the worker registers. Workflows import this module as a TYPE only.
export * from "./cycles";
export * from "./jobs";
export * from "./nudges";
