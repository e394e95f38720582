/**
 * scripts/chroma-runtime.sh picks its Debian mirror from the machine's apt
 * sources and keeps apt's proxy settings. Only the print modes run here:
 * they exit before anything is downloaded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../scripts/chroma-runtime.sh', import.meta.url));

function runScript(mode: string, env: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', [SCRIPT, mode], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** An apt directory (as /etc/apt) holding the given files. */
function aptDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-apt-'));
  mkdirSync(join(dir, 'sources.list.d'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function mirrorOf(files: Record<string, string>): string {
  const result = runScript('--print-mirror', { CHROMA_RUNTIME_APT_DIR: aptDir(files) });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim();
}

test('chroma-runtime: the mirror is the first Debian suite in a one-line sources.list, past third-party and security entries', () => {
  const mirror = mirrorOf({
    'sources.list': [
      '# deb http://commented.example/debian bookworm main',
      'deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main',
      'deb http://security.debian.org/debian-security bookworm-security main',
      'deb-src http://src.example/debian bookworm main',
      'deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://mirror.corp.example/debian/ bookworm main contrib',
      'deb http://later.example/debian bookworm main',
      '',
    ].join('\n'),
  });
  assert.equal(mirror, 'http://mirror.corp.example/debian');
});

test('chroma-runtime: deb822 .sources stanzas count only when enabled and of type deb, with field names in any case', () => {
  const mirror = mirrorOf({
    'sources.list.d/debian.sources': [
      'Types: deb',
      'URIs: http://disabled.example/debian',
      'Suites: bookworm',
      'Components: main',
      'Enabled: no',
      '',
      'Types: deb-src',
      'URIs: http://source-only.example/debian',
      'Suites: bookworm',
      '',
      'types: deb deb-src',
      '# a comment inside the stanza',
      'uris: http://proxy.corp.example:3142/debian http://second.example/debian',
      'suites: bookworm bookworm-updates',
      'components: main',
      '',
    ].join('\n'),
  });
  assert.equal(mirror, 'http://proxy.corp.example:3142/debian');
});

test('chroma-runtime: with no Debian source at all it falls back to deb.debian.org', () => {
  assert.equal(mirrorOf({}), 'http://deb.debian.org/debian');
  assert.equal(mirrorOf({ 'sources.list': 'deb http://archive.ubuntu.com/ubuntu noble main\n' }), 'http://deb.debian.org/debian');
});

test('chroma-runtime: CHROMA_RUNTIME_MIRROR overrides the sources', () => {
  const result = runScript('--print-mirror', { CHROMA_RUNTIME_APT_DIR: aptDir({ 'sources.list': 'deb http://a.example/debian bookworm main\n' }), CHROMA_RUNTIME_MIRROR: 'http://chosen.example/debian/' });
  assert.equal(result.stdout.trim(), 'http://chosen.example/debian');
});

test('chroma-runtime: the private apt config keeps the proxy settings and reads no apt.conf.d (so no system hooks run)', (t) => {
  if (spawnSync('apt-config', ['--version']).status !== 0) {
    t.skip('apt-config is not installed here');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-aptconf-'));
  // Stands for the machine's own apt configuration, as APT_CONFIG does for apt itself.
  writeFileSync(join(dir, 'system.conf'), 'Acquire::http::Proxy "http://proxy.corp.example:3128/";\nAcquire::https::Proxy "http://proxy.corp.example:3128/";\n');
  const printed = runScript('--print-apt-config', { APT_CONFIG: join(dir, 'system.conf') });
  assert.equal(printed.status, 0, printed.stderr);
  assert.match(printed.stdout, /^Acquire::http::Proxy "http:\/\/proxy\.corp\.example:3128\/";$/m);
  assert.match(printed.stdout, /^Acquire::https::Proxy "http:\/\/proxy\.corp\.example:3128\/";$/m);
  assert.match(printed.stdout, /^Dir::Etc::parts "[^"]+\/apt\.conf\.d";$/m);

  // apt reading that config sees the proxy and none of the system's apt.conf.d (its hooks, its index targets).
  const work = join(dir, 'work');
  mkdirSync(join(work, 'apt.conf.d'), { recursive: true });
  writeFileSync(join(dir, 'private.conf'), printed.stdout.replaceAll(/"[^"]*chroma-runtime\.work/g, `"${work}`));
  const dump = spawnSync('apt-config', ['dump'], { encoding: 'utf8', env: { PATH: process.env.PATH, APT_CONFIG: join(dir, 'private.conf') } });
  assert.equal(dump.status, 0, dump.stderr);
  assert.match(dump.stdout, /^Acquire::http::Proxy "http:\/\/proxy\.corp\.example:3128\/";$/m);
  assert.doesNotMatch(dump.stdout, /Invoke/);
  assert.doesNotMatch(dump.stdout, /IndexTargets::deb::(DEP-11|Contents)/);
});
