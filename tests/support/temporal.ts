/**
 * A throw-away Temporal dev server for tests: headless, its SQLite file in a temp folder, the app's
 * search attributes registered, ports taken from 7300-7399.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startTemporalDevServer } from "../../scripts/lib/temporal-dev";

const PORT_RANGE = { first: 7300, last: 7399 };

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Ports freePorts handed out in this process. */
const givenPorts = new Set<number>();

/** `count` consecutive free ports in the test range (starting at a random offset to avoid collisions). */
export async function freePorts(count: number): Promise<number[]> {
  const span = PORT_RANGE.last - PORT_RANGE.first + 1;
  const offset = Math.floor(Math.random() * span);
  // Ports this process was given before come last: a server started on a port another one used earlier in the same
  // test process can meet that server's leftovers (e.g. the app's JWKS cache holding the keys of an earlier local
  // OpenID provider on the same address: ERR_JWKS_NO_MATCHING_KEY).
  for (const reuse of [false, true]) {
    for (let i = 0; i < span; i++) {
      const first = PORT_RANGE.first + ((offset + i) % span);
      if (first + count - 1 > PORT_RANGE.last) continue;
      const ports = Array.from({ length: count }, (_, k) => first + k);
      if (!reuse && ports.some((p) => givenPorts.has(p))) continue;
      let ok = true;
      for (const p of ports) if (!(ok = await isFree(p))) break;
      if (ok) {
        for (const p of ports) givenPorts.add(p);
        return ports;
      }
    }
  }
  throw new Error(`No ${count} free ports in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}

export async function startTestTemporal(opts: { extraArgs?: string[] } = {}): Promise<{ address: string; stop(): Promise<void> }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pmr-temporal-"));
    const [port, httpPort, metricsPort] = await freePorts(3);
    try {
      const server = await startTemporalDevServer({
        port: port!,
        httpPort,
        metricsPort,
        headless: true,
        dbFile: path.join(dir, "temporal.db"),
        extraArgs: opts.extraArgs,
      });
      return {
        address: server.address,
        stop: async () => {
          await server.stop();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (err) {
      lastError = err; // most likely a port taken between the check and the start: try other ports
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  throw lastError;
}
