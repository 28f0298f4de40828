/** 文章管理 (menu articleManager). */
import ContentManager from './ContentManager';

export default function ArticleManager() {
  return <ContentManager kind="article" />;
}
