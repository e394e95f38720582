/** The environment variable holding an OpenAI-compatible key: the one a spec names, else OPENAI_API_KEY. */
export function apiKeyEnv(spec: { api_key_env?: string } | undefined): string {
  return spec?.api_key_env ?? 'OPENAI_API_KEY';
}
