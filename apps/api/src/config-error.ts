/** A wrong environment value stops the start with one line naming the variable (docs/product.md section 11). */
export class ConfigError extends Error {}
