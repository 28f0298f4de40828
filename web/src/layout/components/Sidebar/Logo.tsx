/** layout/components/Sidebar/Logo.vue: the edition's logo and the product title. */
import { Link } from 'react-router';
import { enterpriseLogo, governmentLogo } from '../../../assets/logos.ts';
import { useEdition } from '../../../app/theme.ts';
import { isSuperEntry } from '../../../app/entry.ts';

export default function Logo({ collapse, title }: { collapse: boolean; title: string }) {
  const edition = useEdition();
  const edName = isSuperEntry() ? '超级管理员' : edition === 'government' ? '政府端' : '企业端';
  return (
    <div className="sidebar-logo-container" data-testid="sidebar-logo" data-edition={edition}>
      <Link className="sidebar-logo-link" to="/" title={`${title}（${edName}）`}>
        <img src={edition === 'government' ? governmentLogo : enterpriseLogo} className="sidebar-logo" alt={edName} />
        {!collapse && <span className="sidebar-title">{title}</span>}
      </Link>
    </div>
  );
}
