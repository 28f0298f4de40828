/**
 * The placard of a class (GB 13392 after the GB 190 labels): a diamond in the class's colours with its name and number.
 * Drawn by the product as SVG, not a copy of the official artwork; the 标志标识 document's text describes the symbol.
 */
const LOOK: Record<string, { top: string; bottom: string; ink: string; name: string }> = {
  '1': { top: '#f5821f', bottom: '#f5821f', ink: '#000', name: '爆炸品' },
  '2': { top: '#d7261e', bottom: '#d7261e', ink: '#fff', name: '易燃气体' },
  '3': { top: '#d7261e', bottom: '#d7261e', ink: '#fff', name: '易燃液体' },
  '4': { top: '#ffffff', bottom: '#d7261e', ink: '#000', name: '易燃固体' },
  '5': { top: '#ffd200', bottom: '#ffd200', ink: '#000', name: '氧化性物质' },
  '6': { top: '#ffffff', bottom: '#ffffff', ink: '#000', name: '毒性物质' },
  '7': { top: '#ffd200', bottom: '#ffffff', ink: '#000', name: '放射性物质' },
  '8': { top: '#ffffff', bottom: '#111111', ink: '#fff', name: '腐蚀性物质' },
  '9': { top: '#ffffff', bottom: '#ffffff', ink: '#000', name: '杂项危险物质' },
};

export default function KnowledgePlacard({ goodsClass, size = 160 }: { goodsClass: string; size?: number }) {
  const look = LOOK[goodsClass];
  if (!look) return null;
  const stripes = goodsClass === '9' ? Array.from({ length: 7 }, (_, i) => <rect key={i} x={58 + i * 12} y={20 + Math.abs(3 - i) * 8} width="6" height={70 - Math.abs(3 - i) * 16} fill="#000" />) : null;
  return (
    <svg width={size} height={size} viewBox="0 0 200 200" role="img" aria-label={`第${goodsClass}类 ${look.name} 标志`} data-testid={`placard-${goodsClass}`}>
      <defs><clipPath id={`d${goodsClass}`}><polygon points="100,4 196,100 100,196 4,100" /></clipPath></defs>
      <g clipPath={`url(#d${goodsClass})`}>
        <rect x="0" y="0" width="200" height="100" fill={look.top} />
        <rect x="0" y="100" width="200" height="100" fill={look.bottom} />
        {goodsClass === '4' && Array.from({ length: 8 }, (_, i) => <rect key={i} x={i * 25} y="0" width="12" height="100" fill="#d7261e" />)}
        {stripes}
      </g>
      <polygon points="100,10 190,100 100,190 10,100" fill="none" stroke={goodsClass === '8' || goodsClass === '4' ? '#000' : look.ink} strokeWidth="3" />
      <text x="100" y="112" textAnchor="middle" fontSize="20" fontWeight="bold" fill={goodsClass === '8' ? '#000' : look.ink} stroke={goodsClass === '8' ? '#fff' : 'none'} strokeWidth="0.6">{look.name}</text>
      <text x="100" y="172" textAnchor="middle" fontSize="30" fontWeight="bold" fill={goodsClass === '8' ? '#fff' : look.ink}>{goodsClass}</text>
    </svg>
  );
}
