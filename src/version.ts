import packageJson from '../package.json' with { type: 'json' };

export const TOOL_NAME = 'recall-gate';
export const TOOL_VERSION: string = packageJson.version;
