/**
 * terser's compress settings, shared by the runtime's build and the benchmark's peer bundles
 * (bench/bundle.ts), so that both are minified alike. Three passes find a little more than two.
 * `unsafe_arrows` turns function expressions that use no `this` into arrows (nothing here calls
 * one with `new`); `pure_getters` lets terser drop property reads whose value goes unused
 * (nothing here reads a property for its side effect, such as a forced layout).
 */
export const COMPRESS = Object.freeze({ passes: 3, unsafe_arrows: true, pure_getters: true });
