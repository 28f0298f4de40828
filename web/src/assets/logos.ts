/** The two edition logos (the government edition is told apart by its logo). Bundled, never remote. */
import enterpriseLogo from './logo-enterprise.svg';
import governmentLogo from './logo-government.svg';

export { enterpriseLogo, governmentLogo };
