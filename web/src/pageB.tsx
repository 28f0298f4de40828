/** The super-admin page (pageB.html): its own login (超级管理员登录, type 2), cookie Super-Token, API prefix /api/super. */
import { bootstrap } from './app/bootstrap.tsx';

bootstrap('super');
