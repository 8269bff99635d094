/**
 * What benchmarks and tests need to drive the app's processes from outside: wait until a child process (the worker,
 * the web process) says it is ready, copying its output to a log file meanwhile; keep cookies as a browser does.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";

/**
 * Resolves with the output so far once the child's stdout (copied to `logFile` as it comes) holds `text`; rejects
 * after `timeoutMs`, or when the child exits first (`exited`, default: its exit event). `what` names the child in
 * the errors.
 */
export function untilOutput(
  child: ChildProcess,
  opts: { text: string; logFile: string; timeoutMs: number; exited?: Promise<unknown>; what: string },
): Promise<string> {
  const exited = opts.exited ?? new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${opts.what} did not start in time (log: ${opts.logFile})`)), opts.timeoutMs);
    child.stdout!.on("data", (chunk: Buffer) => {
      fs.appendFileSync(opts.logFile, chunk);
      out += chunk.toString();
      if (out.includes(opts.text)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${opts.what} exited before it was ready (log: ${opts.logFile})`));
    });
  });
}

/** A minimal cookie jar, as a browser keeps them: name → value, from Set-Cookie headers (expired ones removed). */
export class CookieJar {
  private jar = new Map<string, string>();
  add(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (!value || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  has(name: string): boolean {
    return this.jar.has(name);
  }
  header(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
