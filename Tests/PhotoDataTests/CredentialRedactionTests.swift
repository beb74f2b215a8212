import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SignalsPhotoData
import Testing

/// A user and password in a URL never reach a description, error or message.
struct CredentialRedactionTests {
    @Test func userInformationInURLsIsReplaced() {
        #expect(CredentialRedaction.redacted(URL(string: "http://user:pw@127.0.0.1:8080/v1?q=1")!) == "http://<redacted>@127.0.0.1:8080/v1?q=1")
        #expect(CredentialRedaction.redacted("see https://a:b@x.test and ftp://c@y.test/p") == "see https://<redacted>@x.test and ftp://<redacted>@y.test/p")
        #expect(CredentialRedaction.redacted("http://x.test/path@not-credentials") == "http://x.test/path@not-credentials")
        #expect(CredentialRedaction.redacted("http://a:p%40ss@w@x.test") == "http://<redacted>@x.test")
        #expect(CredentialRedaction.redacted("no url here, mail@x.test") == "no url here, mail@x.test")
    }

    @Test func aURLTypedWithoutItsSchemeIsRedactedToo() {
        #expect(CredentialRedaction.redactedValue("user:secret@host:80/x") == "<redacted>@host:80/x")
        #expect(CredentialRedaction.redactedValue("http://user:secret@host") == "http://<redacted>@host")
        #expect(CredentialRedaction.redactedValue("host/path") == "host/path")
    }

    @Test func theRepositoryNeverShowsCredentialsFromItsBaseURL() {
        let repository = UnsplashPhotoRepository(accessKey: "k", baseURL: URL(string: "http://user:secret@127.0.0.1:9/")!)
        var dumped = ""
        dump(repository, to: &dumped)
        #expect(!dumped.contains("secret") && !String(describing: repository).contains("secret"))
        #expect(String(describing: repository) == "UnsplashPhotoRepository(baseURL: http://<redacted>@127.0.0.1:9/)")
    }
}
