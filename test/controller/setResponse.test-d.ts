import { describe, expectTypeOf, it } from 'vitest';
import { Entity, resource, type Controller } from '../../src/core/index.js';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const TodoResource = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } });
declare const ctrl: Controller;

describe('setResponse / setError arguments', () => {
  it('optional trailing arguments may be left out before the reply', () => {
    ctrl.setResponse(TodoResource.getList, [{ id: 1, title: 'a' }]);
    ctrl.setResponse(TodoResource.getList, { userId: 1 }, [{ id: 1, title: 'a' }]);
    ctrl.setError(TodoResource.getList, new Error('x'));
    ctrl.setResponse(TodoResource.get, { id: 1 }, { id: 1, title: 'a' });
    ctrl.setResponse(TodoResource.partialUpdate, { id: 1 }, { title: 'b' }, { id: 1, title: 'b' });
    expectTypeOf(ctrl.setResponse(TodoResource.get, { id: 1 }, {})).toEqualTypeOf<Promise<void>>();
  });

  it('required arguments stay required', () => {
    // @ts-expect-error the path parameter `id` is required before the reply
    ctrl.setResponse(TodoResource.get, { id: 1, title: 'a' });
    // @ts-expect-error setError takes an Error last
    ctrl.setError(TodoResource.get, { id: 1 }, 'not an error');
  });
});
