import { RecallGateError } from '../errors.js';

/**
 * Values with `${NAME}` replaced by environment variables, so a suite can say
 * `Authorization: "Bearer ${AGENT_TOKEN}"` or `API_KEY: ${AGENT_KEY}` without
 * holding the secret. A variable that is not set (or empty) is an
 * invalid-input error naming it; `what(key)` says where it was used.
 */
export function expandTemplates(templates: Record<string, string>, env: NodeJS.ProcessEnv, what: (key: string) => string): Record<string, string> {
  const expanded: Record<string, string> = {};
  for (const [key, template] of Object.entries(templates)) {
    expanded[key] = template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
      const value = env[variable];
      if (!value) throw new RecallGateError('invalid-input', `${what(key)} uses \${${variable}}, which is not set`, { hint: `set ${variable} in the environment` });
      return value;
    });
  }
  return expanded;
}
