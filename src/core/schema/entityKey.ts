import { NAMELESS_ENTITY_MESSAGE } from './normalizeMessages.js';

/**
 * The default `static key` of an entity class: its class name, as in data-client. A name a
 * minifier could have produced (empty, one or two characters starting lower-case, `_temp`, or
 * the anonymous mixin's own name) would key different classes alike in a production build, so
 * it is refused with an error saying to set `static key`.
 */
export function keyFromClassName(cls: { readonly name: string }, fallbackName?: string): string {
  const name = cls.name === MIXIN_NAME && fallbackName !== undefined ? fallbackName : cls.name;
  // the names data-client refuses get its message; the other minified-looking ones, ours
  if (name === '' || name === MIXIN_NAME || name === '_temp') throw new TypeError(process.env.NODE_ENV !== 'production' ? NAMELESS_ENTITY_MESSAGE : 'Entity: no-key');
  if (looksMinified(name)) {
    throw new TypeError(
      process.env.NODE_ENV !== 'production' ? `Entity class "${name}" has no usable name to key its table: set \`static key\` (for example \`static key = 'User'\`), because minified builds rename classes`
      : `Entity "${name}": no-key`,
    );
  }
  return name;
}

/** The class name the mixin gives its result when the base class has none. */
export const MIXIN_NAME = 'EntityMixin';

/** One or two characters starting lower-case (`e`, `t`, `n2`): what minifiers name classes. */
function looksMinified(name: string): boolean {
  return /^[a-z_$][\w$]?$/.test(name);
}

/** Class → its checked name-derived key (the check runs once per class, not on every read). */
const checked = new WeakMap<object, string>();

/**
 * Installs on `target` a `key` accessor that reads the class name of whichever subclass asks,
 * and turns an assignment (`User.key = 'Person'`) into an own data property of that subclass.
 */
export function defineDefaultKey(target: object, fallbackName?: string): void {
  Object.defineProperty(target, 'key', {
    get(this: { readonly name: string }): string {
      let key = checked.get(this);
      if (key === undefined) checked.set(this, (key = keyFromClassName(this, fallbackName)));
      return key;
    },
    set(this: object, value: string) {
      Object.defineProperty(this, 'key', { value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: true,
    configurable: true,
  });
}
