// Package digital holds what the digital-play targets can represent: the images Tabletop Simulator loads
// (how large, at what resolution a map or counter becomes one) and the text a VASSAL location format keeps.
// It is a leaf below validate, so that validate refuses first exactly what the exporters cannot write, and
// validate never imports an exporter.
package digital
