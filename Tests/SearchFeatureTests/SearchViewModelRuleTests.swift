import Foundation
import SignalsPhotoList
import SignalsPhotoDomain
import SignalsPhotoSearch
import Signals
import SignalsTesting
import Testing
// IndexPath(item:section:), .item and .section: UIKit's or AppKit's where they exist (as in an
// app), ListFeature's on Linux.
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// One test per rule of the issue; each asserts every output emission, in order, on an
/// exhaustive timeline (an emission a test does not state fails it).
@Suite struct SearchViewModelRuleTests {
    // MARK: Submitting

    @Test func aSubmittedQueryIsTrimmedAndStartsPageOneOfTheCurrentScope() {
        let harness = SearchHarness()
        harness.timeline.expect { SearchHarness.initialState() }

        harness.input.editingBegan.fire()
        harness.input.querySubmitted.send("  cats ")
        #expect(harness.requests.pendingRequests == [harness.request("cats")])
        harness.timeline.expect {
            ("isCancelButtonHidden", false)
            ("query", "cats")
            ("isLoading", true)
        }

        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"])
        harness.timeline.expect {
            ("results", "[photo:a, photo:b, photo:c]")
            ("insertedIndexPaths", SearchHarness.paths(0..<3))
            ("isLoading", false)
        }
        harness.timeline.finish()
    }

    @Test func aNewQueryCancelsTheRequestInFlightAndDropsItsLateResponse() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()

        harness.submit("cats")
        harness.submit("dogs")
        #expect(harness.requests.cancelledRequests == [harness.request("cats")])
        #expect(harness.requests.pendingRequests == [harness.request("dogs")])
        harness.timeline.expect {
            ("query", "cats")
            ("isLoading", true)
            ("query", "dogs")   // still loading: no flicker of isLoading
        }

        harness.respond(to: harness.request("dogs"), ids: ["d1", "d2", "d3"])
        harness.input.nextPageRequested.fire()
        harness.timeline.expect {
            ("results", "[photo:d1, photo:d2, photo:d3]")
            ("insertedIndexPaths", SearchHarness.paths(0..<3))
            ("isLoading", false)
            ("isLoading", true)
        }

        // Page 2 of "dogs" is answered, but its response is still on its way (queued on the
        // scheduler) when "birds" is submitted: it arrives after, and is dropped.
        harness.requests.respond(to: harness.request("dogs", page: 2), with: Fixtures.page(["d4"], page: 2))
        harness.input.querySubmitted.send("birds")
        harness.scheduler.advance()
        #expect(harness.requests.pendingRequests == [harness.request("birds")])
        harness.timeline.expect {
            ("query", "birds")
            ("results", "[]")
            ("resultsReset", ())
        }

        harness.respond(to: harness.request("birds"), ids: ["b1"])
        harness.timeline.expect {
            ("results", "[photo:b1]")
            ("insertedIndexPaths", SearchHarness.paths(0..<1))
            ("isLoading", false)
        }
        harness.timeline.finish()
    }

    @Test func submittingTheQueryAndScopeThatAreLoadingDoesNotStartASecondRequest() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()

        harness.submit("cats")
        harness.submit(" cats\n")
        harness.submit("cats")
        #expect(harness.requests.requests == [harness.request("cats")])
        #expect(harness.requests.cancelledRequests.isEmpty)
        harness.timeline.expect {
            ("query", "cats")
            ("isLoading", true)
        }
        harness.timeline.finish()
    }

    @Test func submittingTheSameQueryAgainOnceLoadedSearchesAgainFromPageOne() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b"])
        harness.timeline.skipPendingEmissions()

        harness.submit("cats")
        #expect(harness.requests.pendingRequests == [harness.request("cats")])
        harness.timeline.expect {
            ("results", "[]")
            ("resultsReset", ())
            ("isLoading", true)
        }
        harness.timeline.finish()
    }

    // MARK: Scope

    @Test func changingScopeWithAQueryRerunsItAtPageOneInTheNewScope() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"])
        harness.input.nextPageRequested.fire()
        harness.timeline.skipPendingEmissions()

        harness.input.scopeSelected.send(.collections)
        #expect(harness.requests.cancelledRequests == [harness.request("cats", page: 2)])
        #expect(harness.requests.pendingRequests == [harness.request("cats", in: .collections)])
        harness.timeline.expect {
            ("scope", SearchScope.collections)
            ("results", "[]")
            ("resultsReset", ())
        }

        harness.respond(to: harness.request("cats", in: .collections), ids: ["k1", "k2"])
        harness.timeline.expect {
            ("results", "[collection:k1, collection:k2]")
            ("insertedIndexPaths", SearchHarness.paths(0..<2))
            ("isLoading", false)
        }

        harness.input.scopeSelected.send(.collections)   // the same scope: nothing
        #expect(harness.requests.requests.count == 3)
        harness.timeline.finish()
    }

    @Test func changingScopeWithoutAQueryOnlyChangesTheScope() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()

        harness.input.scopeSelected.send(.users)
        harness.input.querySubmitted.send("   ")          // not a query either
        harness.input.scopeSelected.send(.collections)
        #expect(harness.requests.requests.isEmpty)
        harness.timeline.expect {
            ("scope", SearchScope.users)
            ("validationMessage", "Type something to search for.")
            ("scope", SearchScope.collections)
        }

        harness.submit("cats")
        #expect(harness.requests.pendingRequests == [harness.request("cats", in: .collections)])
        harness.timeline.expect {
            ("validationMessage", "nil")
            ("query", "cats")
            ("isLoading", true)
        }
        harness.timeline.finish()
    }

    // MARK: Paging

    @Test func theNextPageContinuesTheCurrentQueryAndScopeAndPrefetchesWithinThreeOfTheEnd() {
        let harness = SearchHarness(pageSize: 5, scope: .users)
        harness.timeline.skipPendingEmissions()
        harness.submit("ada")
        harness.respond(to: harness.request("ada", in: .users), ids: ["u1", "u2", "u3", "u4", "u5"])
        harness.timeline.skipPendingEmissions()

        harness.input.itemDisplayed.send(0)
        harness.input.itemDisplayed.send(1)
        #expect(harness.requests.pendingRequests.isEmpty)
        harness.input.itemDisplayed.send(2)               // third from the end
        harness.input.itemDisplayed.send(3)               // already loading: no second request
        harness.input.nextPageRequested.fire()
        #expect(harness.requests.pendingRequests == [harness.request("ada", page: 2, in: .users)])
        harness.timeline.expect { ("isLoading", true) }

        harness.respond(to: harness.request("ada", page: 2, in: .users), ids: ["u6", "u7"])
        harness.timeline.expect {
            ("results", "[user:u1, user:u2, user:u3, user:u4, user:u5, user:u6, user:u7]")
            ("insertedIndexPaths", SearchHarness.paths(5..<7))
            ("isLoading", false)
        }

        harness.input.nextPageRequested.fire()
        #expect(harness.requests.pendingRequests == [harness.request("ada", page: 3, in: .users)])
        harness.timeline.expect { ("isLoading", true) }
        harness.timeline.finish()
    }

    @Test func nothingIsRequestedPastTheLastPageOrAfterAnEmptyPage() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"], totalPages: 2)
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("cats", page: 2), ids: ["d"], totalPages: 2)
        harness.timeline.skipPendingEmissions()

        harness.input.nextPageRequested.fire()
        harness.input.itemDisplayed.send(3)
        harness.input.retryTapped.fire()
        #expect(harness.requests.requests.count == 2)
        harness.timeline.expectNoMoreEmissions()

        // A server that claims more pages but sends an empty one is believed about the end.
        harness.submit("dogs")
        harness.respond(to: harness.request("dogs"), ids: ["e", "f", "g"], totalPages: 9)
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("dogs", page: 2), ids: [], totalPages: 9)
        harness.timeline.skipPendingEmissions()
        harness.input.nextPageRequested.fire()
        #expect(harness.requests.requests.count == 4)
        harness.timeline.finish()
    }

    @Test func duplicatesAcrossPagesAreDropped() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"])
        harness.input.nextPageRequested.fire()
        harness.timeline.skipPendingEmissions()

        harness.respond(to: harness.request("cats", page: 2), ids: ["b", "d", "c", "e"])
        harness.timeline.expect {
            ("results", "[photo:a, photo:b, photo:c, photo:d, photo:e]")
            ("insertedIndexPaths", SearchHarness.paths(3..<5))
            ("isLoading", false)
        }

        // A page of nothing but duplicates inserts nothing.
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("cats", page: 3), ids: ["a", "e"])
        harness.timeline.expect {
            ("isLoading", true)
            ("isLoading", false)
        }
        harness.timeline.finish()
    }

    @Test func aFailedPageIsKeptForRetry() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"])
        harness.input.nextPageRequested.fire()
        harness.timeline.skipPendingEmissions()

        harness.respond(to: harness.request("cats", page: 2), with: .failure(Fixtures.offline))
        harness.timeline.expect {
            ("isLoading", false)
            ("error", Fixtures.offline)
        }

        harness.input.itemDisplayed.send(2)   // scrolling does not retry a failed page
        #expect(harness.requests.pendingRequests.isEmpty)
        harness.input.retryTapped.fire()
        harness.input.retryTapped.fire()      // already retrying: nothing more
        #expect(harness.requests.pendingRequests == [harness.request("cats", page: 2)])
        harness.timeline.expect { ("isLoading", true) }

        harness.respond(to: harness.request("cats", page: 2), ids: ["d"])
        harness.timeline.expect {
            ("results", "[photo:a, photo:b, photo:c, photo:d]")
            ("insertedIndexPaths", SearchHarness.paths(3..<4))
            ("isLoading", false)
        }

        // nextPageRequested also asks for a failed page again.
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("cats", page: 3), with: .failure(Fixtures.offline))
        harness.input.nextPageRequested.fire()
        #expect(harness.requests.pendingRequests == [harness.request("cats", page: 3)])
        harness.timeline.expect {
            ("isLoading", true)
            ("isLoading", false)
            ("error", Fixtures.offline)
            ("isLoading", true)
        }
        harness.timeline.finish()
    }

    // MARK: Cancel

    @Test func cancelClearsQueryResultsMessageAndRequestAndLeavesTheViewModelReady() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.input.editingBegan.fire()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"])
        harness.input.nextPageRequested.fire()
        harness.submit("")
        harness.timeline.skipPendingEmissions()

        harness.input.cancelTapped.fire()
        #expect(harness.requests.cancelledRequests == [harness.request("cats", page: 2)])
        harness.timeline.expect {
            ("query", "")
            ("validationMessage", "nil")
            ("results", "[]")
            ("resultsReset", ())
            ("isCancelButtonHidden", true)
            ("isLoading", false)
        }

        // Nothing of the old search is left to continue.
        harness.input.nextPageRequested.fire()
        harness.input.retryTapped.fire()
        harness.input.itemDisplayed.send(0)
        harness.input.itemSelected.send(0)
        harness.input.cancelTapped.fire()   // nothing left to clear: no second resultsReset
        #expect(harness.requests.requests.count == 2)
        harness.timeline.expectNoMoreEmissions()

        // Ready for a new search, even the same query.
        harness.input.editingBegan.fire()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["x"])
        harness.timeline.expect {
            ("isCancelButtonHidden", false)
            ("query", "cats")
            ("isLoading", true)
            ("results", "[photo:x]")
            ("insertedIndexPaths", SearchHarness.paths(0..<1))
            ("isLoading", false)
        }
        harness.timeline.finish()
    }

    @Test func theCancelButtonShowsWhenEditingBeginsAndHidesAfterCancel() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.input.editingBegan.fire()
        harness.input.editingBegan.fire()
        harness.input.cancelTapped.fire()
        harness.input.editingBegan.fire()
        harness.timeline.expect {
            ("isCancelButtonHidden", false)
            ("isCancelButtonHidden", true)
            ("isCancelButtonHidden", false)
        }
        harness.timeline.finish()
    }

    // MARK: Errors

    @Test func anErrorIsReportedOnceAndOnlyForTheCurrentQuery() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        // The failure for "cats" is on its way when "dogs" is submitted: dropped.
        harness.requests.respond(to: harness.request("cats"), with: .failure(Fixtures.offline))
        harness.input.querySubmitted.send("dogs")
        harness.scheduler.advance()
        harness.timeline.expect {
            ("query", "cats")
            ("isLoading", true)
            ("query", "dogs")
        }

        harness.respond(to: harness.request("dogs"), with: .failure(.network(.rateLimited(resetDate: nil))))
        harness.scheduler.run()
        harness.timeline.expect {
            ("isLoading", false)
            ("error", UseCaseError.network(.rateLimited(resetDate: nil)))
        }
        harness.timeline.finish()
    }

    @Test func cancellationIsNeverAnError() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()

        // The source ends the request without an answer (it was cancelled underneath).
        harness.submit("cats")
        harness.requests.finishWithoutResponse()
        harness.scheduler.advance()
        harness.timeline.expect {
            ("query", "cats")
            ("isLoading", true)
            ("isLoading", false)
        }

        // The user cancels while loading.
        harness.submit("dogs")
        harness.input.cancelTapped.fire()
        harness.scheduler.run()
        #expect(harness.requests.cancelledRequests == [harness.request("dogs")])
        harness.timeline.expect {
            ("query", "dogs")
            ("isLoading", true)
            ("query", "")
            ("isLoading", false)
        }
        harness.timeline.finish()
    }

    @Test func aFailedSearchDoesNotClaimNoResults() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("zzz")
        harness.respond(to: harness.request("zzz"), with: .failure(Fixtures.offline))
        harness.timeline.expect {
            ("query", "zzz")
            ("isLoading", true)
            ("isLoading", false)
            ("error", Fixtures.offline)
        }

        // Retried, it finds nothing: now, and only now, "no results".
        harness.input.retryTapped.fire()
        harness.respond(to: harness.request("zzz"), ids: [], totalPages: 0)
        harness.timeline.expect {
            ("isLoading", true)
            ("hasResults", false)
            ("isLoading", false)
        }

        // A new search is not "no results" while it loads.
        harness.submit("cats")
        harness.timeline.expect {
            ("query", "cats")
            ("hasResults", true)
            ("isLoading", true)
        }
        harness.timeline.finish()
    }

    // MARK: Validation

    @Test func anInvalidSubmitShowsAMessageAndSendsNoRequestUntilTheNextValidSubmit() {
        let harness = SearchHarness(maximumQueryLength: 10)
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.timeline.skipPendingEmissions()

        harness.submit(" \t ")
        harness.submit("")                      // the same message: state does not re-emit
        harness.submit("elevenchars")
        #expect(harness.requests.requests == [harness.request("cats")])
        #expect(harness.requests.cancelledRequests.isEmpty)   // the current search goes on
        harness.timeline.expect {
            ("validationMessage", "Type something to search for.")
            ("validationMessage", "Searches can be at most 10 characters long.")
        }

        harness.submit("dogs")
        harness.timeline.expect {
            ("validationMessage", "nil")
            ("query", "dogs")
        }
        harness.timeline.finish()
    }

    // MARK: Selection

    @Test func selectingAPhotoOpensADetailPagerOverThePhotosOfItsSearch() throws {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"])
        harness.timeline.skipPendingEmissions()

        var detail: PhotoDetailViewModel?
        let token = harness.output.detail.bind { detail = $0 }
        harness.input.itemSelected.send(1)
        harness.input.itemSelected.send(7)      // out of range: nothing
        harness.input.itemSelected.send(-1)
        harness.timeline.expect { ("detail", "at 1 of [\"a\", \"b\", \"c\"]") }

        // The pager loads more of its search, and sees the inserts.
        let pager = try #require(detail)
        let pagerOutput = pager.transform(input: PhotoDetailViewModel.Input())
        let inserted = Recorder(pagerOutput.insertedIndexPaths)
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("cats", page: 2), ids: ["d"])
        #expect(pager.photos.map(\.id) == ["a", "b", "c", "d"])
        #expect(inserted.values == [[IndexPath(item: 3, section: 0)]])
        harness.timeline.skipPendingEmissions()

        // A later search does not change the photos of a pager already open.
        harness.submit("dogs")
        harness.respond(to: harness.request("dogs"), ids: ["x"])
        #expect(pager.photos.map(\.id) == ["a", "b", "c", "d"])
        #expect(inserted.values.count == 1)
        harness.timeline.skipPendingEmissions()
        token.cancel()
        harness.timeline.finish()
    }

    @Test func selectingACollectionOrAUserEmitsItsOwnEvent() {
        let harness = SearchHarness(scope: .collections)
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.respond(to: harness.request("cats", in: .collections), ids: ["k1", "k2"])
        harness.input.itemSelected.send(1)
        harness.input.scopeSelected.send(.users)
        harness.respond(to: harness.request("cats", in: .users), ids: ["u1"])
        harness.input.itemSelected.send(0)
        harness.timeline.expect {
            ("query", "cats")
            ("isLoading", true)
            ("results", "[collection:k1, collection:k2]")
            ("insertedIndexPaths", SearchHarness.paths(0..<2))
            ("isLoading", false)
            ("collectionSelected", "k2")
            ("scope", SearchScope.users)
            ("results", "[]")
            ("resultsReset", ())
            ("isLoading", true)
            ("results", "[user:u1]")
            ("insertedIndexPaths", SearchHarness.paths(0..<1))
            ("isLoading", false)
            ("userSelected", "u1")
        }
        harness.timeline.finish()
    }

    @Test func resultsOfAnotherKindThanTheScopeAreDropped() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        let mixed = Page(items: [Fixtures.photo("a"), Fixtures.userItem("u"), Fixtures.photo("b")], total: 3, totalPages: 1, page: 1)
        harness.respond(to: harness.request("cats"), with: .success(mixed))
        harness.timeline.expect {
            ("query", "cats")
            ("isLoading", true)
            ("results", "[photo:a, photo:b]")
            ("insertedIndexPaths", SearchHarness.paths(0..<2))
            ("isLoading", false)
        }
        harness.timeline.finish()
    }

    @Test func aPageOfOnlyAnotherKindDoesNotStallPagingOrClaimNoResults() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        let users = Page(items: [Fixtures.userItem("u1"), Fixtures.userItem("u2")], total: 9, totalPages: 3, page: 1)
        harness.respond(to: harness.request("cats"), with: .success(users))
        // Nothing to show yet, but the server says more exist: the next page is asked for.
        #expect(harness.requests.pendingRequests == [harness.request("cats", page: 2)])
        harness.respond(to: harness.request("cats", page: 2), ids: ["a"])
        harness.timeline.expect {
            ("query", "cats")
            ("isLoading", true)
            ("results", "[photo:a]")
            ("insertedIndexPaths", SearchHarness.paths(0..<1))
            ("isLoading", false)
        }
        harness.timeline.finish()
    }

    @Test func aPageOfOnlyDuplicatesBeforeTheLastIsFollowedByTheNext() {
        let harness = SearchHarness()
        harness.timeline.skipPendingEmissions()
        harness.submit("cats")
        harness.respond(to: harness.request("cats"), ids: ["a", "b", "c"], totalPages: 4)
        harness.input.nextPageRequested.fire()
        harness.respond(to: harness.request("cats", page: 2), ids: ["c", "a"], totalPages: 4)
        #expect(harness.requests.pendingRequests == [harness.request("cats", page: 3)])
        harness.respond(to: harness.request("cats", page: 3), ids: [], totalPages: 4)
        harness.timeline.expect {
            ("query", "cats")
            ("isLoading", true)
            ("results", "[photo:a, photo:b, photo:c]")
            ("insertedIndexPaths", SearchHarness.paths(0..<3))
            ("isLoading", false)
            ("isLoading", true)
            ("isLoading", false)
        }
        harness.timeline.finish()
    }
}
