/// The page's files, compiled into the binary from `Page/` (SwiftPM's `embedInCode`): it
/// works offline and wherever hu-sim is copied, and no request path reaches the file system.
enum PageAssets {
    struct Asset {
        let bytes: [UInt8]
        let contentType: String
    }

    static func asset(at path: Substring) -> Asset? {
        switch path {
        case "/", "/index.html": Asset(bytes: PackageResources.index_html, contentType: "text/html; charset=utf-8")
        case "/page.css": Asset(bytes: PackageResources.page_css, contentType: "text/css; charset=utf-8")
        case "/page.js": Asset(bytes: PackageResources.page_js, contentType: "text/javascript; charset=utf-8")
        default: nil
        }
    }

    /// The page loads only its own script, style, images and socket, and no other site may
    /// frame it.
    static let pageHeaders = [
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-ancestors 'none'"
        ),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-cache"),
    ]
}
