import type { BuildOptions } from 'esbuild';

export declare function replaceFile(path: string, contents: string | Uint8Array, mode?: number): void;

export declare function cachedBuild(cacheRoot: string, options: BuildOptions & { outfile: string }): Promise<{ path: string; contents: Uint8Array }[]>;
