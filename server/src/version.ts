declare const __TESSERA_VERSION__: string;

/** package.json's version, written in by the build; `0.0.0-dev` when run from the sources (tests). */
export const SERVER_VERSION: string = typeof __TESSERA_VERSION__ === 'string' ? __TESSERA_VERSION__ : '0.0.0-dev';
