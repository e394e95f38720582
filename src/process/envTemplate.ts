import { RecallGateError } from '../errors.js';
import { registerPassedValue } from '../secrets.js';

/** `${NAME}`: a variable of recall-gate's environment inside a value. */
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Values with `${NAME}` replaced by environment variables, so a suite can say
 * `Authorization: "Bearer ${AGENT_TOKEN}"` or `API_KEY: ${AGENT_KEY}` without
 * holding the secret. A variable that is not set (or empty) is an
 * invalid-input error naming it; `what(key)` says where it was used.
 *
 * Whatever a value takes from the environment is registered as a secret,
 * whatever the variable is called (`DB_PASS`, `CONN: "Password=${DB}"`): the
 * suite names it because the process it goes to needs it, and that process
 * may echo it back in a reply or an error. Each variable's value and the whole
 * value it is part of are registered (the whole so a connection string is
 * replaced in one piece), as registerPassedValue takes them: a URL by its
 * credentials, a path not at all, values too short or common to be secrets
 * neither (see registerSecret).
 */
export function expandTemplates(templates: Record<string, string>, env: NodeJS.ProcessEnv, what: (key: string) => string): Record<string, string> {
  const expanded: Record<string, string> = {};
  for (const [key, template] of Object.entries(templates)) {
    let substituted = false;
    expanded[key] = template.replace(VARIABLE, (_, variable: string) => {
      const value = env[variable];
      if (!value) throw new RecallGateError('invalid-input', `${what(key)} uses \${${variable}}, which is not set`, { hint: `set ${variable} in the environment` });
      registerPassedValue(value);
      substituted = true;
      return value;
    });
    if (substituted) registerPassedValue(expanded[key]);
  }
  return expanded;
}
