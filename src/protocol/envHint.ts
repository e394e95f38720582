/**
 * An adapter child gets only a few of recall-gate's variables (PATH, HOME,
 * PYTHONPATH, the locale: see childEnvironment) and the suite's `env:` map. One that
 * fails for want of a key it expected to inherit says so only in its own
 * words ("no API key provided"); this names the variables recall-gate has
 * that the child was not given, so the fix is one `env:` line. Names only:
 * a value is never shown.
 */

/** Variables no adapter is meant to inherit from a CI runner or a shell: never suggested. */
const NOT_SUGGESTED = /^(GITHUB_|RUNNER_|ACTIONS_|INPUT_|STATE_|NPM_|RECALL_GATE_|NODE_|JAVA_|DOTNET_|ANDROID_|CONDA_|PIPX_|XDG_|SSH_|GPG_|DBUS_|SYSTEMD_|WAYLAND_|INVOCATION_ID$|JOURNAL_STREAM$|PWD$|OLDPWD$|SHLVL$|_$|CI$|HOSTNAME$|DISPLAY$|COLUMNS$|LINES$|MAIL$|LS_COLORS$|EDITOR$|VISUAL$|PAGER$|LESS|IMAGEOS$|IMAGEVERSION$|AGENT_TOOLSDIRECTORY$)/i;

/** Names that configure a client library or service: keys, tokens, endpoints, models. */
const CONFIGURES = /(API_?KEY|_KEY$|TOKEN|SECRET|PASSWORD|_URL$|_URI$|_HOST$|_PORT$|_ENDPOINT$|_BASE$|_MODEL$|_ORG$|_ORGANIZATION$|_PROJECT$|_REGION$|_DSN$)/i;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The variables set in `parent` (recall-gate's environment) that `child` (the
 * adapter's environment) lacks and an adapter may need: first those `text`
 * (the error and the adapter's last stderr lines) names, then those whose
 * name says they configure something. At most `max`.
 */
export function unpassedVariables(parent: NodeJS.ProcessEnv, child: Readonly<Record<string, string>>, text: string, max = 5): string[] {
  const candidates = Object.keys(parent)
    .filter((name) => parent[name] && NAME.test(name) && !Object.hasOwn(child, name) && !NOT_SUGGESTED.test(name))
    .sort();
  const named = candidates.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
  const configuring = candidates.filter((name) => !named.includes(name) && CONFIGURES.test(name));
  return [...named, ...configuring].slice(0, max);
}

/** What to add to the adapter's `env:` for these variables; undefined for none. */
export function envHint(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const listed = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  const them = names.length === 1 ? 'it' : 'them';
  return (
    `recall-gate's environment has ${listed}, which the adapter does not get (an adapter gets only PATH, HOME, PYTHONPATH, the locale and its env: map); ` +
    `if it needs ${them}, add to its target or provider: env: { ${names.map((name) => `${name}: "\${${name}}"`).join(', ')} }`
  );
}
