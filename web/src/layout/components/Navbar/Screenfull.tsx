/** components/Screenfull: full-screen toggle; unsupported browsers get the product's warning. */
import { useEffect, useState } from 'react';
import { Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import screenfull from 'screenfull';
import { MSG } from '@dg/core';
import { message } from '../../../app/antdStatic.tsx';

export default function Screenfull() {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const change = () => setIsFullscreen(screenfull.isFullscreen);
    screenfull.on('change', change);
    return () => screenfull.off('change', change);
  }, []);
  const click = () => {
    if (!screenfull.isEnabled) {
      message().warning(MSG.fullscreenUnsupported);
      return;
    }
    void screenfull.toggle();
  };
  return (
    <Tooltip title={isFullscreen ? '退出全屏' : '全屏'} placement="bottom">
      <button type="button" className="right-menu-item screenfull-item" data-testid="screenfull" onClick={click} aria-label="全屏">
        {isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}
