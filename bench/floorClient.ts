/**
 * The floor under the e2e CLI figure: a bare node:http client, in a process
 * of its own as the CLI is, sending the very request bodies a CLI run sent
 * (read from a JSON file), `concurrency` at a time, each reply read whole and
 * parsed. What it takes over the ideal is the machine's (the server's timer,
 * loopback, two processes on the same cores), not recall-gate's; it prints
 * its wall time from first request to last reply, in ms, as JSON.
 *   node build/bench/floorClient.js BODIES.json URL CONCURRENCY
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [bodiesFile, url, concurrencyText] = process.argv.slice(2);
if (!bodiesFile || !url || !concurrencyText) {
  console.error('usage: node build/bench/floorClient.js BODIES.json URL CONCURRENCY');
  process.exit(2);
}
const bodies = (JSON.parse(readFileSync(bodiesFile, 'utf8')) as unknown[]).map((body) => Buffer.from(JSON.stringify(body)));
const target = new URL(`${url.replace(/\/$/, '')}/chat/completions`);
const agent = new Agent({ keepAlive: true });

function send(body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const sent = request(target, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.byteLength, authorization: `Bearer ${process.env.OPENAI_API_KEY ?? ''}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve();
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Number(concurrencyText) }, async () => {
    while (next < bodies.length) await send(bodies[next++]!);
  }),
);
console.log(JSON.stringify({ wallMs: performance.now() - started }));
agent.destroy();
