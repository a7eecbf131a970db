/**
 * For `static validate`: the message naming the first field of `requiredDefaults` that the
 * processed entity lacks (as an own field), or undefined when all are present. Pass the class
 * defaults (`this.defaults` style object) to require every declared field.
 *
 * @example
 * class Article extends Entity {
 *   id = 0;
 *   title = '';
 *   static override validate(processed: Record<string, unknown>) {
 *     return validateRequired(processed, { id: 0, title: '' });
 *   }
 * }
 */
export function validateRequired(processedEntity: object, requiredDefaults: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(requiredDefaults)) {
    if (!Object.prototype.hasOwnProperty.call(processedEntity, key)) return `Missing key ${key}`;
  }
  return undefined;
}
