/** The two edition logos (spec §1: the government edition is hinted at by a different logo). Bundled, never remote. */
import enterpriseLogo from './logo-enterprise.svg';
import governmentLogo from './logo-government.svg';

export { enterpriseLogo, governmentLogo };
