#!/bin/sh
# Makes the demo chapters' media (committed beside this script): short test-pattern videos with a tone (WebM, VP8 +
# Vorbis, a few seconds, well under 300 KB) and one-page PDFs. Needs ffmpeg and node. Run from this directory.
set -e
video() { # name seconds pattern
  ffmpeg -y -loglevel error -f lavfi -i "$3=size=320x180:rate=15:duration=$2" -f lavfi -i "sine=frequency=440:duration=$2" \
    -c:v libvpx -b:v 150k -c:a libvorbis -b:a 48k -shortest "$1.webm"
}
video chapter-1 20 testsrc
video chapter-2 15 smptebars
video chapter-3 12 testsrc2
node make-pdf.mjs handbook-1.pdf '危险货物道路运输安全须知' '一、出车前检查车辆、罐体及安全附件，确认电子运单信息完整。' \
  '二、驾驶员、押运员随车携带从业资格证，押运员全程监管货物。' '三、按核定线路和时间行驶，不得在居民区、学校附近停车。' \
  '四、发生泄漏等险情，立即停车、设置警示、报告并疏散人员。'
node make-pdf.mjs handbook-2.pdf '装卸作业安全规程' '一、装卸前核对货物品名、数量与运单一致，检查罐体状况。' \
  '二、装卸管理人员全程在场，作业区严禁烟火，接好静电接地。' '三、不超载、不混装禁忌物品，装卸完毕关闭阀门并铅封。' \
  '四、作业记录签字存档，发现隐患立即停止作业并报告。'
ls -l
