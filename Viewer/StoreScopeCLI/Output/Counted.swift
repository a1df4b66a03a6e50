/// `1 keyframe`, `3 keyframes`, `0 stores`: a count and its noun, in the singular for one.
///
/// - Parameters:
///   - count: how many.
///   - noun: the singular noun; the plural adds `s` unless `plural` says otherwise.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
