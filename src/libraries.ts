import { createRequire } from 'node:module';
import type * as AjvPackage from 'ajv';
import type * as YamlPackage from 'yaml';
import type PicomatchPackage from 'picomatch';
import type * as JsoncPackage from 'jsonc-parser';
import { RecallGateError } from './errors.js';
import { onFirstUse } from './text/onFirstUse.js';

/**
 * Where each library loaded at first use is found. A module import would load
 * it with whatever imports the module, at start-up: `yaml` (the careful YAML
 * reader: positions, syntax errors, aliases) and ajv's schema compiler (a
 * suite's tool schemas) are 260 KB each, and validate of a plain suite needs
 * neither (js-yaml reads it; positions are asked for only to report); picomatch
 * (60 KB, parsed whole when loaded) is for --case/--ability patterns, artifact
 * globs and the Action's globs; jsonc-parser (27 KB) only places a JSON syntax
 * error. In dist/, scripts/bundle.mjs builds each into a CommonJS file of its
 * own beside the chunks and names that file here instead.
 */
const LIBRARY_PATHS = { yaml: 'yaml', ajv: 'ajv', picomatch: 'picomatch', jsonc: 'jsonc-parser' };

const requireFile = createRequire(import.meta.url);

/** A library's file, required; one that cannot be found is a broken install, said as such rather than as a stack trace. */
function load(path: string): unknown {
  try {
    return requireFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new RecallGateError('internal', `recall-gate cannot load ${path}, a library it loads when first needed: the installation is incomplete`, { hint: 'install recall-gate again (npm ci, or npm install recall-gate)', cause: error });
  }
}

/** The `yaml` package, loaded when first used. */
export const yamlLibrary = onFirstUse(() => load(LIBRARY_PATHS.yaml) as typeof YamlPackage);

/** ajv, loaded when first used. */
export const ajvLibrary = onFirstUse(() => load(LIBRARY_PATHS.ajv) as typeof AjvPackage);

/** picomatch, loaded when first used. */
export const picomatchLibrary = onFirstUse(() => load(LIBRARY_PATHS.picomatch) as typeof PicomatchPackage);

/** jsonc-parser, loaded when first used. */
export const jsoncLibrary = onFirstUse(() => load(LIBRARY_PATHS.jsonc) as typeof JsoncPackage);
