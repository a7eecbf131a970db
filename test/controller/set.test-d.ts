import { describe, expectTypeOf, it } from 'vitest';
import { All, Collection, Entity, type Controller } from '../../src/core/index.js';

class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'Task';
}
declare const ctrl: Controller;

describe('controller.set types', () => {
  it('takes the plain fields of the schema, or a function of the current value', () => {
    expectTypeOf(ctrl.set(Task, { id: 5 }, { id: 5, title: 'x' })).toEqualTypeOf<Promise<void>>();
    ctrl.set(Task, { id: 5 }, t => {
      expectTypeOf(t).toEqualTypeOf<Task>();
      return { ...t, done: true };
    });
    ctrl.set([Task], [{ id: 1, title: 'a' }]);
    ctrl.set(new All(Task), [{ id: 1 }]);
    ctrl.set(new Collection([Task]), { userId: 1 }, list => {
      expectTypeOf(list).toEqualTypeOf<Task[]>();
      return [...list, { id: 9, title: 'new' }];
    });
  });

  it('rejects values of the wrong shape', () => {
    // @ts-expect-error title is a string
    ctrl.set(Task, { id: 5 }, { id: 5, title: 1 });
    // @ts-expect-error a list schema takes a list
    ctrl.set([Task], { id: 1 });
    // @ts-expect-error the function must return the schema's data
    ctrl.set(Task, { id: 5 }, () => 'x');
  });
});
