// Opens the classroom page a route asks for (main.ts calls it instead of the solo App): player join and
// play, the facilitator's create form or dashboard, the projector, or a clear message for a bad code.
// In this order: the pages' shared rules, then the dashboard's and the projector's, which refine them.
import '../styles/classroom.css';
import '../styles/classroomRound.css';
import '../styles/classroomRanking.css';
import '../styles/classroomHost.css';
import '../styles/classroomProjector.css';
import '../styles/classroomPaused.css';
import '../styles/classroomService.css';
import '../styles/classroomPlanning.css';
import '../styles/classroomPlay.css';
import { h } from '../ui/dom.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import { HostDashboard } from './HostDashboard.ts';
import { renderHostCreate } from './HostCreatePage.ts';
import { PlayerPage } from './PlayerPage.ts';
import { ProjectorPage } from './ProjectorPage.ts';
import type { ClassroomRoute } from './viewModels/classroomRoute.ts';

export function startClassroom(route: ClassroomRoute, ctx: ClassroomContext): void {
  document.body.classList.add('classroom');
  ctx.stage.dataset.screen = route.page === 'projector' ? 'projector' : 'classroom';
  switch (route.page) {
    case 'join':
      return new PlayerPage(ctx).start(route.code);
    case 'hostCreate':
      return void renderHostCreate(ctx);
    case 'host':
      return new HostDashboard(ctx, route.code).start();
    case 'projector':
      return void new ProjectorPage(ctx, route.code).start();
    case 'badCode': {
      const t = translator(ctx);
      ctx.panel.replaceChildren(
        h(
          'div',
          { class: 'classroom-page sheet' },
          h('h2', {}, t('cls.badCode', { code: route.raw })),
          h(
            'p',
            {},
            h('a', { href: '/?join' }, t('cls.join.heading')),
            ' · ',
            h('a', { href: '/?host' }, t('cls.host.createHeading')),
          ),
        ),
      );
      return;
    }
  }
}
