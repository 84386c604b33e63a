/**
 * The Pix bindings read their texts with `t` of ./support (the one pt-BR loader,
 * e2e/support/texts.ts). `tPix` is kept only as that same function under its old name, so bindings
 * written before the loader still compile; new code imports `t`.
 */
export { t as tPix } from './support';
