/** components/Breadcrumb: 首页 first; directories and the last item are plain text. */
import { Breadcrumb as AntBreadcrumb } from 'antd';
import { Link } from 'react-router';
import { useRouteMeta } from '../../../app/routeMeta.ts';

export default function Breadcrumb() {
  const { crumbs } = useRouteMeta();
  const items = crumbs.map((c, i) => {
    const last = i === crumbs.length - 1;
    return {
      key: `${i}-${c.title}`,
      title: !last && c.path ? <Link to={c.path}>{c.title}</Link> : <span className="no-redirect">{c.title}</span>,
    };
  });
  return (
    <div className="breadcrumb-container" data-testid="breadcrumb">
      <AntBreadcrumb items={items} />
    </div>
  );
}
