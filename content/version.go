package content

// MusterVersion is the version of muster itself, recorded in generated content so it can be made again.
const MusterVersion = "0.1.0"
