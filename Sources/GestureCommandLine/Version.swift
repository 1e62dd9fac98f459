/// gestured's version, in this one place: `gestured --version` prints it, the man pages carry
/// it, and packaging reads it from here.
public enum Version {
    public static let gestured = "0.1.0"
}
