// ZoneProbe asks VASSAL which zone holds each point: the zones (name and path, as a buildFile writes them)
// go into a ZonedGrid built by VASSAL's own classes, and each point is looked up by ZonedGrid.findZone, the
// call behind a piece's CurrentZone. Input on stdin, a line each: "Z<TAB>name<TAB>path" or "P<TAB>x<TAB>y";
// output a line per point: "=name", or "-" when no zone holds it. See zones.go.
import java.awt.Point;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import VASSAL.build.module.map.boardPicker.board.ZonedGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.Zone;

public class ZoneProbe {
  public static void main(String[] args) throws Exception {
    final ZonedGrid grid = new ZonedGrid();
    final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    final StringBuilder out = new StringBuilder();
    String line;
    while ((line = in.readLine()) != null) {
      final String[] f = line.split("\t", -1);
      if (f[0].equals("Z")) {
        final Zone z = new Zone();
        z.setAttribute(Zone.NAME, f[1]);
        z.setAttribute(Zone.PATH, f[2]);
        grid.addZone(z);
      } else if (f[0].equals("P")) {
        final Zone z = grid.findZone(new Point(Integer.parseInt(f[1]), Integer.parseInt(f[2])));
        out.append(z == null ? "-" : "=" + z.getName()).append('\n');
      }
    }
    System.out.print(out);
  }
}
