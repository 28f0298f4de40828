/** The main page (index.html): enterprise and government users, admin token. */
import { bootstrap } from './app/bootstrap.tsx';

bootstrap('main');
