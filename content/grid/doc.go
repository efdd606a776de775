// Package grid is the exact board geometry of muster: hex grids (flat-top
// and pointy-top, odd and even offset layouts), square grids and open
// tabletop shapes, plus hex and square numbering schemes that parse and
// format cell labels. It is the one geometry shared by validation, printing
// and generators, so that all of them agree on neighbours, distances, lines
// of sight, hexsides and where a cell is drawn.
//
// Cells are addressed by 0-based offset coordinates (Cell); hex arithmetic is
// done in cube coordinates (Cube), following Red Blob Games' hexagon guide
// (https://www.redblobgames.com/grids/hexagons/). Drawing coordinates are
// float64 points (1/72 inch) in a y-down page space; tabletop shapes use
// inches.
package grid
