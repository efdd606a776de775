// Package digital holds what the digital-play targets can represent: the images Tabletop Simulator loads
// (how large, at what resolution a map or counter becomes one), the boards VASSAL loads and the resolution
// the export draws them at, the text a VASSAL location format keeps, and the places of an area or
// point-to-point map a VASSAL board can tell apart.
// It is a leaf below validate, so that validate refuses first exactly what the exporters cannot write, and
// validate never imports an exporter.
package digital
