import { createRouter } from '@solidjs/router';
import { BrokenPage } from './BrokenPage.js';
import { TaskDetail } from './TaskDetail.js';
import { TaskList } from './TaskList.js';

export const Router = createRouter({
  routes: [
    { path: '/', component: TaskList },
    { path: '/tasks/:id', component: TaskDetail },
    { path: '/broken', component: BrokenPage },
  ],
});
